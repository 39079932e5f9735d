// The bench's SMTP sink, in a process of its own so it does not share the sender's CPU:
// accepts every mail, keeps only a count. Parent talks to it over IPC ('count' -> number).
const { SMTPServer } = require('smtp-server');

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  maxClients: 200,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      count++;
      callback();
    });
    stream.resume();
  },
});

server.listen(0, '127.0.0.1', () => {
  process.send({ port: server.server.address().port });
});
process.on('message', (message) => {
  if (message === 'count') process.send({ count });
  if (message === 'close') server.close(() => process.exit(0));
});
