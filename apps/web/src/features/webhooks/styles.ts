// Styles of the Mantine components only these screens use, next to the app's shared set.
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
