import { ModalsProvider } from '@mantine/modals';

/** The confirm dialogs' provider, as the signed-in frame sets it up (loaded on first use). */
export function ConfirmDialogs() {
  return (
    <ModalsProvider
      labels={{ confirm: 'Confirm', cancel: 'Cancel' }}
      modalProps={{ centered: true, radius: 'lg' }}
    />
  );
}
