export { PersonalisationModule } from './personalisation.module';
export {
  PersonalisationService,
  type RenderRequest,
  type RenderedPerson,
  type RenderSources,
} from './personalisation.service';
export { UnsubscribeLinks } from './unsubscribe-links';
export { entryKey, pairRendered } from './entry-key';
