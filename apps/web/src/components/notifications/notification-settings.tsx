'use client';

import type { NotificationKind } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '@/client/api/notifications-api';
import { notifyError } from '../toast';
import styles from './notifications.module.css';

/**
 * "Notification settings": a switch per kind this server tells (ADR 077), each saved as it is flipped. A kind
 * turned off stops new notifications of it; what was told already stays in the list. Folded away until opened.
 */
export function NotificationSettings() {
  const t = useTranslations('Notifications.settings');
  const { data } = useGetNotificationSettingsQuery(undefined);
  const [update] = useUpdateNotificationSettingsMutation();
  const change = async (kind: NotificationKind, on: boolean) => {
    if ((await update({ body: { [kind]: on } })).error) notifyError(t('failed'));
  };
  return (
    <details className={styles.settings}>
      <summary>{t('heading')}</summary>
      {data ? (
        <fieldset className={styles.settingsKinds}>
          <legend>{t('legend')}</legend>
          {data.told.map((kind) => (
            <label key={kind} className={styles.settingsKind}>
              <input type="checkbox" checked={data[kind]} onChange={(event) => change(kind, event.target.checked)} />
              {t(`kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
    </details>
  );
}
