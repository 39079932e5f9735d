import type { ReactNode } from 'react';
import { Outlet } from '@/lib/router';
import { AuthFrame } from './auth-frame';

/** The public screens' frame as a layout route. */
export function AuthLayout({ footer }: { footer?: ReactNode }) {
  return (
    <AuthFrame footer={footer}>
      <Outlet />
    </AuthFrame>
  );
}
