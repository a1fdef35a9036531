import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  required,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import {
  DATASET_ABSTRACT_MAX_CHARS,
  DATASET_TITLE_MAX_CHARS,
  LICENSE_CODES,
  LICENSES,
  type DatasetMetadataRecord,
} from '@mm/shared';
import en from '@mm/shared/locales/en/admin-dataset.json';
import es from '@mm/shared/locales/es/admin-dataset.json';
import fr from '@mm/shared/locales/fr/admin-dataset.json';

const LANGUAGES = ['en', 'fr', 'es'] as const;
// The screen's own strings come with its chunk, not in the panel's entry (its JavaScript budget).
const MESSAGES: Record<string, typeof en> = { en, fr, es };
const licenseChoices = LICENSE_CODES.map((code) => ({ id: code, name: LICENSES[code].name }));

/** Contacts the screen offers (the API takes up to 10). */
const CONTACT_SLOTS = [0, 1, 2] as const;

type FormValues = Omit<DatasetMetadataRecord, 'keywords'> & { keywords: string[] | string };

/**
 * What is sent: without the record's stamps; keywords from the comma-separated text; the contacts whose
 * slot holds an organisation. (No array inputs: react-hook-form's field arrays would grow the panel's entry.)
 */
const transform = ({ updated: _updated, updated_by: _by, keywords, contacts, ...data }: FormValues) => ({
  ...data,
  keywords: (Array.isArray(keywords) ? keywords : keywords.split(',')).map((k) => k.trim()).filter((k) => k !== ''),
  contacts: contacts.filter((c) => c && (c.organization ?? '').trim() !== ''),
});

/** Keywords shown as one comma-separated text; kept as typed until saved. */
const keywordsText = (value: string[] | string | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/**
 * The dataset metadata of every Darwin Core Archive's eml.xml (admins only; docs/internals.md "GBIF"):
 * title and abstract introduction in the three languages (English required), keywords, contacts, the
 * dataset licence and the citation GBIF shows. One record (id 1); each save is in the audit log.
 */
export function DatasetEdit() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const m = MESSAGES[locale] ?? en;
  return (
    <Edit
      resource="dataset"
      id={1}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: FormValues) => transform(data)}
      title={translate('resources.dataset.name', { smart_count: 1 })}
    >
      {/* Save only: the metadata is one record the API edits and never deletes (no DELETE route). */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {m.intro}
        </Typography>
        {LANGUAGES.map((lng) => (
          <TextInput
            key={`title.${lng}`}
            source={`title.${lng}`}
            label={m.fields.title[lng]}
            validate={
              lng === 'en' ? [required(), maxLength(DATASET_TITLE_MAX_CHARS)] : maxLength(DATASET_TITLE_MAX_CHARS)
            }
            fullWidth
          />
        ))}
        {LANGUAGES.map((lng) => (
          <TextInput
            key={`abstract_intro.${lng}`}
            source={`abstract_intro.${lng}`}
            label={m.fields.abstract_intro[lng]}
            validate={
              lng === 'en' ? [required(), maxLength(DATASET_ABSTRACT_MAX_CHARS)] : maxLength(DATASET_ABSTRACT_MAX_CHARS)
            }
            multiline
            minRows={3}
            fullWidth
          />
        ))}
        <TextInput
          source="keywords"
          label={m.fields.keywords}
          helperText={m.keywords_help}
          format={keywordsText}
          parse={(text: string) => text}
          fullWidth
        />
        {CONTACT_SLOTS.map((i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%' }}>
            <TextInput
              source={`contacts.${i}.organization`}
              label={`${m.fields.organization} ${i + 1}`}
              validate={i === 0 ? [required(), maxLength(200)] : maxLength(200)}
            />
            <TextInput source={`contacts.${i}.name`} label={`${m.fields.person} ${i + 1}`} validate={maxLength(200)} />
            <TextInput source={`contacts.${i}.email`} label={`${m.fields.email} ${i + 1}`} validate={email()} />
          </Stack>
        ))}
        <SelectInput
          source="license"
          label={m.fields.license}
          choices={licenseChoices}
          validate={required()}
          helperText={m.license_help}
        />
        <TextInput
          source="citation"
          label={m.fields.citation}
          multiline
          fullWidth
          validate={maxLength(1000)}
          helperText={m.citation_help}
        />
      </SimpleForm>
    </Edit>
  );
}
