import {
  AVATAR_ACCEPT,
  AVATAR_UPLOAD_FIELDS,
  avatarMessages,
  pagePaths,
  type Avatar,
  type AvatarCropPayload,
} from '@animata/contracts';
import { Link, useNavigate, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { AvatarImage } from '../ui/avatar-image.js';
import { FormNotice } from '../ui/form-notice.js';
import { AvatarDialog, prepareCropSource, type CropSource } from './avatar-dialog.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { editAddress, useConfirming, type AccountActionResult } from './editing.js';
import { RowForm } from './editable-row.js';

/**
 * The avatar row (account-and-auth §2.1, §4.1): the image at 128 px, Upload (or Change) and,
 * when there is one, Remove. With JavaScript, Upload picks a file, checks it at once ('File not
 * supported', 'Animated WebP not supported') and opens 'Set image'; Save posts the file with
 * its crop. Without, Upload opens the row's plain form (`?edit=avatar`, the BFF crops the
 * centre square) and Remove the confirmation from the address (`?confirm=remove-avatar`).
 */
export function AvatarRow({
  avatar,
  name,
  editing,
  refused,
}: {
  avatar: Avatar | null;
  name: string;
  editing: boolean;
  refused: AccountActionResult | undefined;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const picker = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; source: CropSource } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const confirmingFromAddress = useConfirming() === 'remove-avatar' && avatar !== null;
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'avatar';

  // A finished save (the page comes back with the new avatar) closes the dialog.
  const version = avatar?.version ?? 0;
  useEffect(() => {
    setChosen((current) => {
      current?.source.release();
      return null;
    });
  }, [version]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const prepared = await prepareCropSource(file);
    if (!prepared.ok) {
      setProblem(prepared.message);
      return;
    }
    setChosen({ file, source: prepared.source });
  };

  const closeDialog = () => {
    chosen?.source.release();
    setChosen(null);
    if (picker.current) picker.current.value = '';
  };

  const save = (payload: AvatarCropPayload) => {
    if (!chosen) return;
    const form = new FormData();
    form.append('intent', 'avatar');
    form.append(AVATAR_UPLOAD_FIELDS.image, chosen.file, chosen.file.name);
    form.append(AVATAR_UPLOAD_FIELDS.payload, JSON.stringify(payload));
    submit(form, {
      method: 'post',
      action: pagePaths.account,
      encType: 'multipart/form-data',
      preventScrollReset: true,
      replace: true,
    });
  };

  const closeConfirmation = () => {
    setAsking(false);
    if (confirmingFromAddress)
      navigate(pagePaths.account, { replace: true, preventScrollReset: true });
  };

  const uploadLabel = avatar ? avatarMessages.change : avatarMessages.upload;
  return (
    <section
      className={`account-row account-row--avatar${editing ? ' account-row--editing' : ''}`}
      aria-labelledby="account-row-avatar"
      data-row="avatar"
    >
      <div className="account-row__head">
        <div className="avatar-row__image">
          <h2 id="account-row-avatar" className="visually-hidden">
            {avatarMessages.rowLabel}
          </h2>
          <AvatarImage avatar={avatar} name={name} size={128} className="avatar-row__picture" />
        </div>
        {editing ? null : (
          <div className="avatar-row__actions">
            <Link
              to={editAddress('avatar')}
              className="button button--ghost button--small"
              preventScrollReset
              replace
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                picker.current?.click();
              }}
            >
              {uploadLabel}
            </Link>
            {avatar ? (
              <Link
                to={`${pagePaths.account}?confirm=remove-avatar`}
                className="button button--ghost button--small"
                preventScrollReset
                replace
                onClick={(event) => {
                  event.preventDefault();
                  setAsking(true);
                }}
              >
                {avatarMessages.remove}
              </Link>
            ) : null}
          </div>
        )}
      </div>
      {hydrated ? (
        <input
          ref={picker}
          type="file"
          accept={AVATAR_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-picker"
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
      ) : null}
      <FormNotice>{problem}</FormNotice>
      {editing ? (
        <RowForm intent="avatar" refused={refused} encType="multipart/form-data">
          <label className="field">
            <span className="field__label">{avatarMessages.fileLabel}</span>
            <input
              type="file"
              name={AVATAR_UPLOAD_FIELDS.image}
              accept={AVATAR_ACCEPT}
              required
              onChange={(event) => {
                // With JavaScript the file goes through the cropper too.
                if (!hydrated) return;
                void choose(event.currentTarget.files?.[0]);
              }}
            />
            <span className="field__hint muted">{avatarMessages.formHint}</span>
          </label>
        </RowForm>
      ) : null}
      {chosen ? (
        <AvatarDialog source={chosen.source} saving={saving} onCancel={closeDialog} onSave={save} />
      ) : null}
      {avatar ? (
        <ConfirmDialog
          open={asking || confirmingFromAddress}
          title={avatarMessages.removeTitle}
          confirmLabel={avatarMessages.remove}
          intent="remove-avatar"
          fields={{ id: avatar.id }}
          danger
          onClose={closeConfirmation}
          onConfirm={() => setAsking(false)}
        >
          <p>{avatarMessages.removeConfirm}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
