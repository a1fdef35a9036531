import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A download's citation text ("Citable downloads"), selectable, with a button that copies
 * it and says so.
 */
export function DownloadCitation({ citation }: { citation: string }) {
  const { t } = useTranslation('downloads');
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(citation).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="blockquote"
        data-testid="download-citation"
        sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowWrap: 'anywhere', userSelect: 'all' }}
      >
        {citation}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
          {t('citation.copy')}
        </Button>
        <Typography variant="body2" role="status" color={copied === false ? 'error' : 'text.secondary'}>
          {copied === null ? '' : copied ? t('citation.copied') : t('citation.copy_failed')}
        </Typography>
      </Stack>
    </Stack>
  );
}
