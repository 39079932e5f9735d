// The baseline of the web bench: a bare React + Mantine page (provider, a heading, a field and a
// button), built with the same Vite and React plugin as the app. Nothing of the product is in it.
import '@mantine/core/styles.css';
import { Button, Container, MantineProvider, Stack, TextInput, Title } from '@mantine/core';
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/* global document */

createRoot(document.getElementById('root')).render(
  h(
    StrictMode,
    null,
    h(
      MantineProvider,
      null,
      h(
        Container,
        { size: 'xs', py: 'xl' },
        h(
          Stack,
          null,
          h(Title, { order: 1 }, 'Shell'),
          h(TextInput, { label: 'Email' }),
          h(Button, null, 'Continue'),
        ),
      ),
    ),
  ),
);
