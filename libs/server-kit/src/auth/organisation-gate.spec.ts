import { EventEmitter } from 'node:events';
import { OrganisationGate } from './organisation-gate';

const response = () => new EventEmitter();

describe('OrganisationGate', () => {
  it('lets an organisation work on at most its share at once; the others wait in arrival order', async () => {
    const gate = new OrganisationGate(2, 10);
    const first = response();
    const second = response();
    expect(gate.enter('a', first)).toBe(true);
    expect(gate.enter('a', second)).toBe(true);
    const order: string[] = [];
    const third = gate.enter('a', response()) as Promise<boolean>;
    const fourth = gate.enter('a', response()) as Promise<boolean>;
    void third.then(() => order.push('third'));
    void fourth.then(() => order.push('fourth'));
    expect(gate.load('a')).toEqual({ active: 2, waiting: 2 });

    // Another organisation is not held up by the first one's queue.
    expect(gate.enter('b', response())).toBe(true);

    second.emit('close');
    expect(await third).toBe(true);
    expect(order).toEqual(['third']);
    first.emit('close');
    expect(await fourth).toBe(true);
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.load('a')).toEqual({ active: 2, waiting: 0 });
  });

  it('refuses past the waiting bound, and frees everything once the responses close', () => {
    const gate = new OrganisationGate(1, 1);
    const responses = [response(), response()];
    expect(gate.enter('a', responses[0]!)).toBe(true);
    expect(gate.enter('a', responses[1]!)).toBeInstanceOf(Promise);
    expect(gate.enter('a', response())).toBe(false);
    responses[0]!.emit('close');
    responses[1]!.emit('close');
    expect(gate.load('a')).toEqual({ active: 0, waiting: 0 });
    expect(gate.enter('a', response())).toBe(true);
  });

  it('drops a waiting request whose client went away, without giving it a slot', async () => {
    const gate = new OrganisationGate(1, 5);
    const working = response();
    const gone = response();
    const next = response();
    expect(gate.enter('a', working)).toBe(true);
    const goneTurn = gate.enter('a', gone);
    const nextTurn = gate.enter('a', next);
    gone.emit('close');
    expect(await goneTurn).toBe(false);
    expect(gate.load('a')).toEqual({ active: 1, waiting: 1 });
    working.emit('close');
    expect(await nextTurn).toBe(true);
    next.emit('close');
    expect(gate.load('a')).toEqual({ active: 0, waiting: 0 });
  });
});
