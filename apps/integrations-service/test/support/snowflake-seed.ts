import snowflake from 'snowflake-sdk';

/** Seeds the Snowflake emulator as the customer would: through the driver, as another client. */
export async function seedSnowflake(url: string, statements: string[]): Promise<void> {
  const connection = snowflake.createConnection({
    account: 'seed',
    username: 'owner',
    password: 'x',
    accessUrl: url,
  });
  await new Promise<void>((resolve, reject) =>
    connection.connect((error) => (error ? reject(error) : resolve())),
  );
  for (const sqlText of statements) {
    await new Promise<void>((resolve, reject) =>
      connection.execute({ sqlText, complete: (error) => (error ? reject(error) : resolve()) }),
    );
  }
  await new Promise<void>((resolve) => connection.destroy(() => resolve()));
}
