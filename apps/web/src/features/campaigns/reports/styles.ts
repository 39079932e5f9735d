// Styles of the Mantine components only the Reports tab uses (it loads as its own chunk).
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Switch.css';
