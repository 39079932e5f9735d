/** What the gate needs of a response: to hear when it is finished or its client went away. */
export interface ClosableResponse {
  once(event: 'close', listener: () => void): unknown;
}

interface Waiter {
  admit: (admitted: boolean) => void;
}

interface OrganisationSlots {
  active: number;
  waiting: Waiter[];
}

/**
 * How many signed-in requests of one organisation a service process works on at once: the rest
 * wait their turn in arrival order, and past a bound they are refused (429). One organisation
 * firing hundreds of slow requests then holds at most `active` of the process's database
 * connections and event-loop turns; the others' requests keep theirs.
 *
 * A slot is held until the response closes (finished, or its client gone); a request whose client
 * goes away while it waits leaves the queue.
 */
export class OrganisationGate {
  private readonly organisations = new Map<string, OrganisationSlots>();

  constructor(
    private readonly maxActive: number,
    private readonly maxWaiting: number,
  ) {}

  /** Requests of the organisation being worked on and waiting now (for tests and logs). */
  load(organisationId: string): { active: number; waiting: number } {
    const slots = this.organisations.get(organisationId);
    return { active: slots?.active ?? 0, waiting: slots?.waiting.length ?? 0 };
  }

  /**
   * Takes a slot for the request, now or once one frees: true when it may go on, false when too
   * many of the organisation's requests wait already or its client went away while it waited.
   */
  enter(organisationId: string, response: ClosableResponse): boolean | Promise<boolean> {
    let slots = this.organisations.get(organisationId);
    if (!slots) {
      slots = { active: 0, waiting: [] };
      this.organisations.set(organisationId, slots);
    }
    if (slots.active < this.maxActive) {
      slots.active += 1;
      response.once('close', () => this.release(organisationId));
      return true;
    }
    if (slots.waiting.length >= this.maxWaiting) return false;
    const queue = slots.waiting;
    return new Promise<boolean>((resolve) => {
      let admitted = false;
      const waiter: Waiter = {
        admit: () => {
          admitted = true;
          resolve(true);
        },
      };
      queue.push(waiter);
      response.once('close', () => {
        if (admitted) {
          this.release(organisationId);
          return;
        }
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        this.forgetIfIdle(organisationId);
        resolve(false);
      });
    });
  }

  /** Hands the slot to the next waiting request, or frees it. */
  private release(organisationId: string): void {
    const slots = this.organisations.get(organisationId);
    if (!slots) return;
    const next = slots.waiting.shift();
    if (next) {
      next.admit(true);
      return;
    }
    slots.active -= 1;
    this.forgetIfIdle(organisationId);
  }

  private forgetIfIdle(organisationId: string): void {
    const slots = this.organisations.get(organisationId);
    if (slots && slots.active === 0 && slots.waiting.length === 0) this.organisations.delete(organisationId);
  }
}
