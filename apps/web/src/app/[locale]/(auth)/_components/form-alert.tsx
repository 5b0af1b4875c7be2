import type { ReactNode } from 'react';
import styles from './auth.module.css';

/**
 * A message about the whole form. Errors use role="alert" so they are announced as soon as they appear;
 * confirmations use role="status", which waits for the screen reader to finish what it is saying.
 */
export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={tone === 'error' ? styles.error : styles.success}>
      {children}
    </div>
  );
}
