// Kafka tier: the event transport against a real Apache Kafka broker (tools/test/kafka/main.ts
// fetches it and starts one for the shared contract suite; *.kafka-spec.ts files start their own).
module.exports = {
  ...require('./jest.int.config.cjs'),
  displayName: 'kafka',
  testMatch: [
    '<rootDir>/{apps,libs,tools}/**/*.kafka-spec.ts',
    '<rootDir>/libs/server-kit/src/events/kafka-transport.int-spec.ts',
  ],
  testTimeout: 600000,
  maxWorkers: 1,
};
