// Styles of the Mantine components only the Salesforce screens use, next to the app's shared set.
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/List.css';
