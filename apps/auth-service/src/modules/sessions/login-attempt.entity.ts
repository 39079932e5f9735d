import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AttemptKind = 'login' | 'password_reset';

/** One counted attempt (a failed login, a reset request), for rate limiting over a sliding window. */
@Entity({ name: 'login_attempts' })
export class LoginAttemptEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column('text')
  kind!: AttemptKind;

  /** Lower-cased. */
  @Column('text')
  email!: string;

  @Column('text')
  ip!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  attempted_at!: Date;
}
