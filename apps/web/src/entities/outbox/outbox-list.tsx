import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryBytes, removeEntry, type OutboxEntry, type OutboxKind, type OutboxState } from '../../lib/outbox';
import { formatDate } from '../../lib/format-date';
import { LocaleLink, useLocale } from '../../lib/links';
import { sendOutboxNow } from './outbox-runner';
import { useOnline } from '../../lib/use-online';
import { useMyOutbox } from './use-outbox';

const stateColor: Record<OutboxState, 'default' | 'info' | 'success' | 'error'> = {
  waiting: 'default',
  sending: 'info',
  sent: 'success',
  refused: 'error',
};

interface Links {
  /** Where a refused entry is reopened for editing (the form of its feature). */
  editHref: (entry: OutboxEntry) => string;
  /** Where a sent entry is shown (its checklist on the server). */
  viewHref: (entry: OutboxEntry) => string;
}

/** The bytes an entry's photos take on this device (undefined while reading, and for a sent entry). */
function useEntryBytes(entry: OutboxEntry): number | undefined {
  const [bytes, setBytes] = useState<number>();
  const { state, photos } = entry;
  useEffect(() => {
    let live = true;
    if (state !== 'sent') void entryBytes({ photos }).then((n) => live && setBytes(n));
    return () => {
      live = false;
    };
  }, [state, photos]);
  return state === 'sent' ? undefined : bytes;
}

/** A size in the page's language: "412 kB", "1.2 MB" ("1,2 Mo" in French), in units of 1,000 bytes. */
const formatBytes = (bytes: number, lng: string) =>
  new Intl.NumberFormat(lng, {
    style: 'unit',
    unit: bytes < 1e6 ? 'kilobyte' : 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: bytes < 1e6 ? 0 : 1,
  }).format(bytes < 1e6 ? Math.max(1, Math.round(bytes / 1e3)) : bytes / 1e6);

function OutboxCard({ entry, links, onDelete }: { entry: OutboxEntry; links: Links; onDelete: () => void }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const online = useOnline();
  // A 400's message is its field messages joined, and a point outside the map's area names both of its
  // coordinates: each distinct reason is shown once, as the list when there are fields.
  const reasons = [...new Set(Object.values(entry.error?.fields ?? {}))];
  const bytes = useEntryBytes(entry);
  return (
    <Card component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={entry.summary.place}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {entry.summary.place}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              formatDate(entry.summary.date, lng),
              t('outbox.photos', { count: entry.photos.length }),
              ...(bytes ? [formatBytes(bytes, lng)] : []),
            ].join(' · ')}
          </Typography>
        </Box>
        <Chip size="small" color={stateColor[entry.state]} label={t(`outbox.state.${entry.state}`)} />
      </Stack>
      {entry.state === 'refused' && entry.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {reasons.length === 0 && entry.error.message}
          {reasons.length === 1 && reasons[0]}
          {reasons.length > 1 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {reasons.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {entry.state === 'waiting' && entry.error?.status === 401 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('outbox.session_expired')}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {entry.state === 'refused' && (
          <Button size="small" component={LocaleLink} href={links.editHref(entry)} startIcon={<EditIcon />}>
            {t('outbox.edit')}
          </Button>
        )}
        {entry.state === 'waiting' && online && (
          <Button size="small" onClick={() => void sendOutboxNow()} startIcon={<SendIcon />}>
            {t('outbox.send_now')}
          </Button>
        )}
        {entry.state === 'sent' && (
          <Button size="small" component={LocaleLink} href={links.viewHref(entry)}>
            {t('outbox.view')}
          </Button>
        )}
        {(entry.state === 'waiting' || entry.state === 'refused') && (
          <Button size="small" color="error" onClick={onDelete} startIcon={<DeleteIcon />}>
            {t('actions.delete')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The entries of one kind kept on this device, with their state (waiting, sending,
 * sent, refused), a refused entry's reason and its way back to the form, and deletion after a
 * confirmation. Renders nothing when there are none.
 */
export function OutboxList({ kind, editHref, viewHref }: { kind: OutboxKind } & Links) {
  const { t } = useTranslation();
  const entries = useMyOutbox(kind);
  const [deleting, setDeleting] = useState<OutboxEntry | null>(null);
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={`outbox-${kind}`}>
      <Typography id={`outbox-${kind}`} variant="h6" component="h2">
        {t('outbox.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('outbox.lead')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((e) => (
          <OutboxCard key={e.id} entry={e} links={{ editHref, viewHref }} onDelete={() => setDeleting(e)} />
        ))}
      </Stack>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="outbox-delete-title">
        <DialogTitle id="outbox-delete-title">{t('outbox.delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('outbox.delete_text', { place: deleting?.summary.place ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (deleting) void removeEntry(deleting.id);
              setDeleting(null);
            }}
          >
            {t('actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
