import { takeForeignRequests } from './browser';

// Every browser test: a page of the product that reached another origin fails the test it ran in.
afterEach(() => {
  const requests = takeForeignRequests();
  if (requests.length > 0) {
    throw new Error(`The product made requests to another origin:\n${requests.join('\n')}`);
  }
});
