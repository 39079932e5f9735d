module.exports = async function globalTeardown() {
  const pg = globalThis.__MERIDIAN_TEST_PG__;
  if (pg) await pg.stop();
};
