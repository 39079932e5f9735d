// Styles of the Mantine components only the campaign screens use, next to the app's shared set.
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/List.css';
