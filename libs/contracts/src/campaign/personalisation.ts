/**
 * How personalisation shows up inside email subjects, bodies and webhook payloads. Templates are
 * Liquid text; these are the variables the render path provides for each recipient:
 *   person.<field>   a default or custom person field (`{{ person.first_name }}`)
 *   tokens.<name>    the value of the organisation's saved token of that name
 *   unsubscribe_url  the recipient's signed one-click unsubscribe link
 */
export const UNSUBSCRIBE_URL_VARIABLE = 'unsubscribe_url';
export const UNSUBSCRIBE_URL_PLACEHOLDER = `{{ ${UNSUBSCRIBE_URL_VARIABLE} }}`;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const member = (root: string, name: string) =>
  IDENTIFIER.test(name) ? `${root}.${name}` : `${root}[${JSON.stringify(name)}]`;

/** The placeholder the 'Add token' dialog inserts for a saved token. */
export const tokenPlaceholder = (tokenName: string) => `{{ ${member('tokens', tokenName)} }}`;

/** The placeholder for a person field. */
export const personFieldPlaceholder = (fieldName: string) => `{{ ${member('person', fieldName)} }}`;
