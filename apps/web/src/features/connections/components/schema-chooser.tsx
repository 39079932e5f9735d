import { Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-handling';
import { useSetSchema, useSourceSchemas } from '../api/connections';

/** The schema select and 'Setup connection' (spec 5: it needs a chosen schema). */
export function SchemaChooser(props: {
  connectionId: string;
  canEdit: boolean;
  onDone: (connectionId: string) => void;
}) {
  const schemas = useSourceSchemas(props.connectionId);
  const setSchema = useSetSchema();
  const [schema, setSchemaName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Select
        label="Schema"
        placeholder={schemas.isPending ? 'Loading schemas…' : 'Choose the schema to sync from'}
        data={schemas.data ?? []}
        value={schema}
        onChange={(value) => {
          setSchemaName(value);
          setError(null);
        }}
        searchable
        nothingFoundMessage="No schema found"
        error={error ?? (schemas.isError ? errorMessage(schemas.error) : undefined)}
        disabled={!props.canEdit}
      />
      <Group justify="flex-end">
        <Button
          disabled={!schema || !props.canEdit}
          loading={setSchema.isPending}
          onClick={() =>
            setSchema.mutate(
              { connection_id: props.connectionId, schema_name: schema! },
              {
                onSuccess: (connection) => props.onDone(connection.id),
                onError: (failure) => setError(errorMessage(failure)),
              },
            )
          }
        >
          Setup connection
        </Button>
      </Group>
    </Stack>
  );
}
