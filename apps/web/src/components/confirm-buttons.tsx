import type { Ref } from 'react';
import buttons from './buttons.module.css';
import styles from './confirm-buttons.module.css';

interface ConfirmButtonsProps {
  /** The action, named as it will be done ("Block", "Hide post"); a submit button inside a form. */
  confirm: {
    label: string;
    /** It ends or removes something: the danger colour. */
    danger?: boolean;
    submit?: boolean;
    onClick?: () => void;
    /** The id of the words saying what it will do. */
    describedBy?: string;
  };
  /** The way out, which changes nothing; `ref` is where the focus starts when the safe choice goes first. */
  cancel: { label: string; onClick: () => void; ref?: Ref<HTMLButtonElement> };
  /** While the action is being sent: both wait. */
  busy?: boolean;
  /** Why the last try failed, said (as an alert) above the buttons; the confirmation stays open to try again. */
  failure?: string | null;
}

/**
 * The end of every confirmation (block, mute, report, unfriend, a moderator's decision): what failed, if anything,
 * then the action and Cancel side by side, wrapping where a language's words are long (buttons.module.css `row`).
 */
export function ConfirmButtons({ confirm, cancel, busy = false, failure }: ConfirmButtonsProps) {
  return (
    <div className={styles.choices}>
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      <div className={buttons.row}>
        <button
          type={confirm.submit ? 'submit' : 'button'}
          className={confirm.danger ? buttons.dangerPrimary : buttons.primary}
          aria-describedby={confirm.describedBy}
          disabled={busy}
          onClick={confirm.onClick}
        >
          {confirm.label}
        </button>
        <button ref={cancel.ref} type="button" className={buttons.secondary} disabled={busy} onClick={cancel.onClick}>
          {cancel.label}
        </button>
      </div>
    </div>
  );
}
