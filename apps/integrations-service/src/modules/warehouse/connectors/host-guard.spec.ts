import { WarehouseHostGuard } from './host-guard';

const resolver = (table: Record<string, string[]>) => async (host: string) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe(WarehouseHostGuard.name, () => {
  const names = resolver({
    'db.example.com': ['93.184.216.34'],
    'sneaky.example.com': ['93.184.216.34', '10.0.0.5'],
    'db.internal': ['10.0.0.7'],
  });

  it('connects public hosts to the address it checked', async () => {
    const guard = new WarehouseHostGuard([], names);
    await expect(guard.resolve('db.example.com', 1000)).resolves.toEqual({
      host: 'db.example.com',
      address: '93.184.216.34',
      internal: false,
    });
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const guard = new WarehouseHostGuard([], names);
    await expect(guard.resolve('sneaky.example.com', 1000)).rejects.toMatchObject({
      code: 'ConnectionHostRefusedException',
    });
    await expect(guard.resolve('169.254.169.254', 1000)).rejects.toMatchObject({
      code: 'ConnectionHostRefusedException',
    });
  });

  it('allows internal targets the operator named, by host, address or range', async () => {
    await expect(
      new WarehouseHostGuard(['db.internal'], names).resolve('db.internal', 1000),
    ).resolves.toMatchObject({
      internal: true,
    });
    await expect(
      new WarehouseHostGuard(['10.0.0.0/8'], names).resolve('10.9.9.9', 1000),
    ).resolves.toMatchObject({
      address: '10.9.9.9',
      internal: true,
    });
  });

  it('names the DNS step for a name that does not resolve, or resolves too slowly', async () => {
    await expect(
      new WarehouseHostGuard([], names).resolve('missing.example.com', 1000),
    ).rejects.toMatchObject({
      code: 'ConnectionDnsFailedException',
      description: 'Could not resolve host missing.example.com (ENOTFOUND)',
    });
    const never = () => new Promise<never>(() => undefined);
    await expect(new WarehouseHostGuard([], never).resolve('slow.example.com', 50)).rejects.toMatchObject({
      code: 'ConnectionDnsFailedException',
    });
  });
});
