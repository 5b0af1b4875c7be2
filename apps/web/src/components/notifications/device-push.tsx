'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import {
  useLazyGetPushKeyQuery,
  useSubscribeToPushMutation,
  useUnsubscribeFromPushMutation,
} from '@/client/api/notifications-api';
import {
  type DeviceState,
  deviceState,
  giveTexts,
  PUSH_TEXT_KEYS,
  type PushTexts,
  registerWorker,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '@/client/push/this-device';
import styles from './notifications.module.css';

type Shown = DeviceState | 'checking' | 'turningOn' | 'failed';

/**
 * "On this device": Web Push turned on or off for this browser (ADR 079). Turning it on registers the service
 * worker and hands it its sentences in my language, asks the browser's permission, subscribes with the server's
 * key and stores the subscription; turning it off undoes both sides. Nothing of it runs until I ask.
 */
export function DevicePush() {
  const t = useTranslations('Notifications');
  const [shown, setShown] = useState<Shown>('checking');
  const [getKey] = useLazyGetPushKeyQuery();
  const [store] = useSubscribeToPushMutation();
  const [forget] = useUnsubscribeFromPushMutation();
  const texts = useCallback(
    () => Object.fromEntries(PUSH_TEXT_KEYS.map((key) => [key, t(`push.${key}`, { first: '{first}' })])) as PushTexts,
    [t],
  );

  useEffect(() => {
    void deviceState().then((state) => {
      setShown(state);
      // The worker's sentences follow my language: handed over again on every visit while pushes are on.
      if (state === 'on') void giveTexts(texts());
    });
  }, [texts]);

  const turnOn = async () => {
    setShown('turningOn');
    try {
      // The worker first, with its sentences, so the first push it is sent is shown in my language.
      await registerWorker();
      await giveTexts(texts());
      const key = await getKey(undefined).unwrap();
      const subscription = await subscribeThisDevice(key.publicKey);
      if (!subscription) {
        setShown(await deviceState());
        return;
      }
      const { endpoint, keys } = subscription;
      const stored = await store({
        body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
      });
      if (stored.error) {
        await unsubscribeThisDevice();
        setShown('failed');
        return;
      }
      setShown('on');
    } catch {
      setShown('failed');
    }
  };

  const turnOff = async () => {
    const endpoint = await unsubscribeThisDevice().catch(() => null);
    if (endpoint) await forget({ body: { endpoint } });
    setShown(await deviceState());
  };

  if (shown === 'checking') return null;
  const message =
    shown === 'on'
      ? t('device.on')
      : shown === 'denied'
        ? t('device.denied')
        : shown === 'unsupported'
          ? t('device.unsupported')
          : shown === 'failed'
            ? t('device.failed')
            : t('device.explain');
  return (
    <section className={styles.device} aria-labelledby="device-push-heading">
      <h2 id="device-push-heading" className={styles.deviceHeading}>
        {t('device.heading')}
      </h2>
      <p className={styles.deviceText} role={shown === 'failed' ? 'alert' : 'status'}>
        {message}
      </p>
      {shown === 'on' ? (
        <button type="button" className={styles.deviceButton} onClick={turnOff}>
          {t('device.turnOff')}
        </button>
      ) : shown === 'off' || shown === 'failed' || shown === 'turningOn' ? (
        <button type="button" className={styles.deviceButton} onClick={turnOn} disabled={shown === 'turningOn'}>
          {shown === 'turningOn' ? t('device.turningOn') : t('device.turnOn')}
        </button>
      ) : null}
    </section>
  );
}
