module.exports = async function globalTeardown() {
  const pg = globalThis.__MERIDIAN_TEST_PG__;
  try {
    const template = process.env.MERIDIAN_TEST_TEMPLATE_DB;
    if (template) {
      const { dropTemplateDatabase } = await import('./template-database.mjs');
      await dropTemplateDatabase(process.env.MERIDIAN_TEST_ADMIN_URL, template);
    }
  } finally {
    if (pg) await pg.stop();
  }
};
