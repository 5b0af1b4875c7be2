'use client';

import type { PostView } from '@civitas/contract';
import { Pencil } from 'lucide';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Icon } from '@/components/icon';
import { CaptionEditor } from './caption-editor';
import { DeletePostControl } from './delete-post-control';
import styles from './post-detail.module.css';

/** The author's own tools on the post's page: edit the caption, delete the post. */
export function AuthorActions({ post }: { post: PostView }) {
  const t = useTranslations('PostDetail');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const stopEditing = () => {
    setEditing(false);
    // Back where the person started, so keyboard users do not lose their place.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <>
      {editing ? (
        <CaptionEditor post={post} onDone={stopEditing} />
      ) : (
        <button ref={editButton} type="button" className={styles.button} onClick={() => setEditing(true)}>
          <Icon node={Pencil} className={styles.icon} />
          {t('editCaption')}
        </button>
      )}
      <DeletePostControl postId={post.id} />
    </>
  );
}
