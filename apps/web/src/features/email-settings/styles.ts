// Styles of the Mantine components only this screen uses, next to the app's shared set.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
