export { PersonalisationModule } from './personalisation.module';
export { PersonalisationService, type RenderRequest, type RenderedPerson } from './personalisation.service';
export { UnsubscribeLinks } from './unsubscribe-links';
export { entryKey, pairRendered } from './entry-key';
