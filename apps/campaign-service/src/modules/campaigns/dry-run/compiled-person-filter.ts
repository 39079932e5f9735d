import { Injectable } from '@nestjs/common';
import type { AudienceLeaf, PersonField } from '@meridian/contracts';
import { PersonsService } from '../../contacts/persons/persons.service';
import { compilePersonLeaves } from '../audience/audience-compiler';
import { AudienceQueryError } from '../audience/audience-values';
import type { BranchFilterCondition, PersonFilter } from '../journey/journey.types';
import { DryRunRepository } from './dry-run.repository';

const leafOf = (condition: BranchFilterCondition): AudienceLeaf => ({
  type: 'filter',
  filter_type: (condition.filter_type || 'person') as AudienceLeaf['filter_type'],
  filter: condition.filter,
  property: null,
  operator: condition.operator,
  value: condition.value ?? [],
  connector: 'and',
});

/**
 * Branch by filter through the audience compiler: the conditions become one parameterised query
 * over the batch of persons, so the engine can ask for everyone waiting on a step at once.
 */
@Injectable()
export class CompiledPersonFilter {
  constructor(
    private readonly persons: PersonsService,
    private readonly repository: DryRunRepository,
  ) {}

  /** Bound to one organisation: a person of another one never matches. */
  forOrganisation(organisationId: string): PersonFilter {
    let fields: Promise<PersonField[]> | undefined;
    return {
      matchesFilter: async (personIds, conditions, now, memberships) => {
        fields ??= this.persons.fieldDefinitions(organisationId);
        let compiled;
        try {
          compiled = compilePersonLeaves(conditions.map(leafOf), personIds, {
            organisationId,
            now,
            fields: await fields,
            memberships,
          });
        } catch (error) {
          if (!(error instanceof AudienceQueryError)) throw error;
          // The compiler names each bad leaf by its index: say which condition, counted from 1.
          const problems = Object.entries(error.errors).map(
            ([path, message]) => `condition ${Number(path.split('.')[0]) + 1}: ${message}`,
          );
          throw new Error(problems.join('; '), { cause: error });
        }
        return this.repository.matching(compiled);
      },
    };
  }
}
