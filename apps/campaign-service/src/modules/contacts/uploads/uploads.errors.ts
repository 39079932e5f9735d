import { DomainError } from '@meridian/server-kit';

export type UploadsErrorCode = 'InvalidFileException' | 'PayloadTooLargeException';

export class UploadsError extends DomainError {
  constructor(code: UploadsErrorCode, description: string) {
    super(code, {
      status: code === 'PayloadTooLargeException' ? 413 : 400,
      description,
      fields: { file: [description] },
    });
  }
}
