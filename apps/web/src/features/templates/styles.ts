// Styles of the Mantine components only the email screens use, next to the app's shared set.
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
