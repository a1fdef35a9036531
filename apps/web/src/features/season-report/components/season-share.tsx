import LinkIcon from '@mui/icons-material/Link';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SUB_PATH, type SeasonShare } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { toast } from '../../../lib/toast';
import { useSeasonShare } from '../api/season-report';

/**
 * The owner's public link of a report (ADR 0037): "Share this report" makes it, the page shows it
 * with "Copy link" and "Stop sharing" (the link answers "not found" from then on). A private site is
 * shown through the link as public Explore shows it.
 */
export function SeasonShareControls({
  share,
  year,
  siteId,
}: {
  share: SeasonShare | null;
  year: number;
  siteId: number | null;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const change = useSeasonShare();
  const url = share ? `${window.location.origin}${SUB_PATH}/${lng}/report/${share.token}` : '';
  const failed = () => toast.error(t('common:errors.please_try_again'));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('season_report.share.copied'));
    } catch {
      failed();
    }
  };
  return (
    <Alert severity="info" icon={<LinkIcon />} sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t(share ? 'season_report.share.live' : 'season_report.share.lead')}
      </Typography>
      {share ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            size="small"
            fullWidth
            label={t('season_report.share.link')}
            value={url}
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(e) => e.target.select()}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" size="small" onClick={() => void copy()} sx={{ minHeight: 44 }}>
              {t('season_report.share.copy')}
            </Button>
            <Button
              size="small"
              disabled={change.isPending}
              onClick={() =>
                change.mutate(
                  { revoke: share.token },
                  { onSuccess: () => toast.success(t('season_report.share.revoked')), onError: failed },
                )
              }
              sx={{ minHeight: 44 }}
            >
              {t('season_report.share.revoke')}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Button
          variant="contained"
          size="small"
          disabled={change.isPending}
          onClick={() => change.mutate({ make: { year, site_id: siteId } }, { onError: failed })}
          sx={{ minHeight: 44 }}
        >
          {t('season_report.share.make')}
        </Button>
      )}
    </Alert>
  );
}
