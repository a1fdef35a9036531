import { Box, Link, Typography } from '@mui/material';
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { MmImage } from '../../../components/ui/mm-image';
import { LocaleLink } from '../../../lib/links';
import { figureSize } from '../figure-size';

/** `/content/faq` and other in-app paths are built with the current locale (spec §2); the rest leave the app. */
function MarkdownLink({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/') && !href.startsWith('/mmapp') && !href.startsWith('/attachments')) {
    return (
      <Link component={LocaleLink} href={href}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/.test(href);
  return (
    <Link href={href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
      {children}
    </Link>
  );
}

/**
 * `![alt](/img/content/x.svg "caption")`: a figure, the optional title as its caption. Every image
 * gets its intrinsic width and height, so the page does not shift while it loads; the project's
 * drawings (`/img/illustrations/…`) are shown at most 320 px wide.
 */
function MarkdownImage({ src, alt = '', title }: ComponentProps<'img'>) {
  if (typeof src !== 'string') return null;
  const drawing = src.startsWith('/img/illustrations/');
  return (
    <Box component="figure" sx={{ m: 0, my: 3, ...(drawing && { maxWidth: 320 }) }}>
      <MmImage
        src={src}
        alt={alt}
        {...figureSize(src)}
        {...(drawing && { loading: 'lazy' as const })}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      />
      {title && (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {title}
        </Typography>
      )}
    </Box>
  );
}

// Heading levels stay as written (one h1 per file, checked by a test); only their look changes.
const components: Components = {
  h1: ({ children }) => (
    <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' }, mb: 2 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  // A paragraph holding only an image becomes the figure itself (a figure cannot sit inside a <p>).
  p: ({ node, children }) => {
    const only = node?.children.length === 1 ? node.children[0] : undefined;
    if (only?.type === 'element' && only.tagName === 'img') return <>{children}</>;
    return <Typography sx={{ mb: 2 }}>{children}</Typography>;
  },
  a: MarkdownLink,
  img: MarkdownImage,
  table: ({ children }) => (
    <Box sx={{ overflowX: 'auto', mb: 3 }}>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          minWidth: '100%',
          '& th, & td': { border: 1, borderColor: 'divider', p: 1, textAlign: 'left', verticalAlign: 'top' },
          '& th': { bgcolor: 'action.hover' },
        }}
      >
        {children}
      </Box>
    </Box>
  ),
};

/** A content page body written in Markdown (GitHub flavour: tables, lists), with MUI typography. */
export function MarkdownArticle({ markdown }: { markdown: string }) {
  return (
    <Box
      sx={{
        maxWidth: '72ch',
        '& ul, & ol': { pl: 3, mb: 2 },
        '& li': { mb: 0.5 },
        '& blockquote': { borderLeft: 4, borderColor: 'primary.main', m: 0, mb: 2, pl: 2 },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {markdown}
      </Markdown>
    </Box>
  );
}
