import { templateNameUpdateContract } from '@meridian/contracts';
import { NameModal, type NameModalProps } from '@/components/name-modal';

const formSchema = templateNameUpdateContract.request.pick({ name: true });

export interface TemplateNameModalProps extends Omit<
  NameModalProps,
  'schema' | 'placeholder' | 'title' | 'submitLabel'
> {
  initialName: string;
}

/** The 'Rename' dialog of the emails list (names are at least 3 characters, spec 5). */
export function TemplateNameModal(props: TemplateNameModalProps) {
  return <NameModal schema={formSchema} title="Rename email" submitLabel="Save" {...props} />;
}
