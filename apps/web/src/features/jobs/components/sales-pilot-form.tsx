import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { salesPilotParamsSchema, salesTranscriptMaxBytes } from '@lumen/core/services/sales-pilot-params';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import type { Upload } from '../api/job-types.ts';
import { FileUploadField } from './file-upload-field.tsx';
import { ChoiceGroup, SubmitBar } from './tool-form-parts.tsx';
import type { ToolFormProps } from './tool-form-parts.tsx';

type Values = z.input<typeof salesPilotParamsSchema>;
type Source = 'paste' | 'upload';

export function SalesPilotForm({ onSubmit, disabled, submitting, cost, freeRunsPerDay }: ToolFormProps) {
  const [source, setSource] = useState<Source>('paste');
  const [transcript, setTranscript] = useState<Upload | null>(null);
  const [fileError, setFileError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof salesPilotParamsSchema>>({
    resolver: zodResolver(salesPilotParamsSchema),
    defaultValues: { text: '' },
    shouldUnregister: true,
  });
  const submit = handleSubmit((values) => {
    if (source === 'upload') {
      setFileError(transcript ? undefined : 'Upload a .txt, .vtt or .srt transcript');
      if (!transcript) return;
      onSubmit({ params: { language: values.language }, files: { transcript: transcript.id } });
      return;
    }
    onSubmit({ params: { text: values.text, language: values.language }, files: {} });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <ChoiceGroup
        legend="Transcript"
        name="transcript-source"
        value={source}
        onChange={setSource}
        options={[
          { value: 'paste', label: 'Paste text' },
          { value: 'upload', label: 'Upload a file' },
        ]}
      />
      {source === 'paste' ? (
        <TextareaField
          label="Call transcript or notes"
          error={formState.errors.text?.message}
          hint="One line per turn, e.g. 'Anna: How is your team handling this today?'"
          rows={10}
          {...register('text')}
        />
      ) : (
        <FileUploadField
          label="Transcript file"
          kind="transcript"
          value={transcript}
          onChange={setTranscript}
          error={fileError}
          maxBytes={salesTranscriptMaxBytes}
          hint="UTF-8 text: plain lines, WebVTT (.vtt) or SubRip (.srt) captions"
        />
      )}
      <SubmitBar disabled={disabled} submitting={submitting} cost={cost} freeRunsPerDay={freeRunsPerDay} label="Analyse the call" />
    </form>
  );
}
