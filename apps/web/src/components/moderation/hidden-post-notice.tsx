import type { ModerationDecisionView } from '@civitas/contract';
import { EyeOff } from 'lucide';
import { getTranslations } from 'next-intl/server';
import { Icon } from '../icon';
import styles from './hidden-post-notice.module.css';

/**
 * What the author of a hidden post is told on its page (ADR 070: only they still see it): a moderator hid it,
 * and for which reported reason. Drawn by the server, so it costs the page no script.
 */
export async function HiddenPostNotice({ decision }: { decision: ModerationDecisionView }) {
  const t = await getTranslations('Moderation');
  return (
    <div role="note" className={styles.notice}>
      <Icon node={EyeOff} size={20} />
      <div>
        <p className={styles.heading}>{t('notice.hidden')}</p>
        <p>{t('notice.explain', { reason: t(`reasons.${decision.reason}`) })}</p>
      </div>
    </div>
  );
}
