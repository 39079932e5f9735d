import { salesforceErrorClassNames, type SalesforceErrorClass } from '@meridian/contracts';

/** The classes the calls accept; a class the server lists but this build does not know is left out. */
export function knownErrorClasses(names: Iterable<string>): SalesforceErrorClass[] {
  return [...names].filter((name): name is SalesforceErrorClass =>
    (salesforceErrorClassNames as readonly string[]).includes(name),
  );
}
