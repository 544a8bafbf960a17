// Choosing files: a drop zone for the mouse, a "Choose files" button for everyone (the keyboard path),
// and the 'update existing businesses' option. Files that are not .xlsx/.xls are refused with a toast
// before anything is uploaded.
import { type DragEvent, useId, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { messages } from '../messages/catalog.ts';
import { ACCEPT_ATTRIBUTE, splitByType } from './accepted-files.ts';
import { ImportFileItem } from './import-file-item.tsx';
import { useImportQueue } from './use-import-queue.ts';

const t = messages.importer;

export function ImportSection() {
  const queue = useImportQueue();
  const toast = useToast();
  const [updateExisting, setUpdateExisting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length === 0) return;
    const { accepted, rejected } = splitByType(files);
    if (rejected.length > 0) {
      toast({
        title: t.rejectedTitle,
        description: t.rejectedDescription(rejected.map((file) => file.name)),
        variant: 'destructive',
      });
    }
    if (accepted.length > 0) queue.enqueue(accepted, updateExisting);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const finished = queue.items.some((item) => item.status === 'done' || item.status === 'failed');

  return (
    <section className="admin-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      <p className="admin-muted">{t.intro}</p>
      {/* The zone only adds dropping; the button inside is the way in for keyboards and screen readers. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; its keyboard equivalent is the button inside */}
      <div
        className={`admin-dropzone${dragging ? ' admin-dropzone-active' : ''}`}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <p className="admin-dropzone-text" aria-hidden="true">
          {t.dropHere}
        </p>
        <p className="admin-muted admin-small" aria-hidden="true">
          {t.or}
        </p>
        <button
          type="button"
          className="admin-button admin-button-primary"
          aria-describedby={`${id}-hint`}
          onClick={() => inputRef.current?.click()}
        >
          {t.choose}
        </button>
        <p id={`${id}-hint`} className="admin-muted admin-small">
          {t.chooseHint}
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          hidden
          aria-label={t.choose}
          onChange={(event) => {
            take(event.target.files);
            // The same file can be chosen again (to see its duplicates, say).
            event.target.value = '';
          }}
        />
      </div>
      <div className="admin-checkbox">
        <input
          id={`${id}-update`}
          type="checkbox"
          checked={updateExisting}
          aria-describedby={`${id}-update-hint`}
          onChange={(event) => setUpdateExisting(event.target.checked)}
        />
        <label htmlFor={`${id}-update`}>{t.updateExisting}</label>
        <p id={`${id}-update-hint`} className="admin-muted admin-small">
          {t.updateExistingHint}
        </p>
      </div>

      {queue.items.length > 0 && (
        <div className="admin-queue">
          <div className="admin-queue-head">
            <h3>{t.queueHeading}</h3>
            {finished && (
              <button type="button" className="admin-button admin-button-small" onClick={queue.clearFinished}>
                {t.queueClear}
              </button>
            )}
          </div>
          <ul className="admin-file-list">
            {queue.items.map((item) => (
              <ImportFileItem key={item.id} item={item} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
