// Turns an upload request, in any of its three forms, into files and options. Single mode keeps
// the first file and names the rest in ignored; batch mode keeps every file as its own document.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import { invalidRequest } from '../../errors.js';
import type { UploadedFile, UploadOptions } from '../../documents/upload.js';
import { parseHints } from '../../pipeline/hints.js';
import { MultipartOptionFields, type JsonUpload } from '../../schemas/upload.schema.js';
import { decodeBase64 } from './base64.js';
import { describeMultipartError, watchMultipartBody } from './multipart-body.js';
import { cleanFilename, defaultFilename } from './filename.js';

export type UploadMode = 'single' | 'batch';

export interface Upload {
  files: UploadedFile[];
  ignored: string[];
  options: UploadOptions;
}

const FILE_FIELD: Record<UploadMode, readonly string[]> = { single: ['file'], batch: ['files', 'files[]'] };
export const MAX_BATCH_FILES = 100;
const optionFields = Compile(MultipartOptionFields);

export interface UploadLimits {
  maxFileBytes: number;
  maxRequestBytes: number;
}

export async function readUpload(request: FastifyRequest, mode: UploadMode, limits: UploadLimits): Promise<Upload> {
  if (request.isMultipart()) return readMultipart(request, mode, limits.maxRequestBytes);
  if (typeof request.body !== 'object' || request.body === null) throw invalidRequest('send a JSON object or a multipart form');
  return readJson(request.body as JsonUpload, mode, limits.maxFileBytes);
}

function readJson(body: JsonUpload, mode: UploadMode, maxFileBytes: number): Upload {
  const options = toOptions(body.hints, body.raw_text, body.regions);
  const entries = 'pages' in body ? body.pages : [body];
  const kept = mode === 'single' ? entries.slice(0, 1) : entries;
  const files = kept.map((entry, index) => {
    const field = 'pages' in body ? `pages[${index}].content` : 'content';
    return {
      filename: cleanFilename(entry.filename) ?? defaultFilename(index),
      declaredType: cleanDeclaredType(entry.content_type ?? 'image/png'),
      bytes: decodeBase64(field, entry.content, maxFileBytes),
    };
  });
  const ignored = entries.slice(kept.length).map((entry, i) => cleanFilename(entry.filename) ?? `pages[${i + kept.length}]`);
  return { files, ignored, options };
}

async function readMultipart(request: FastifyRequest, mode: UploadMode, maxRequestBytes: number): Promise<Upload> {
  const body = watchMultipartBody(request.raw, maxRequestBytes);
  try {
    const upload = await Promise.race([readParts(request, mode), body.overLimit]);
    if (!body.closed()) throw invalidRequest('the multipart body has no closing boundary: the upload is incomplete');
    return upload;
  } catch (error) {
    throw describeMultipartError(error);
  } finally {
    body.stop();
  }
}

async function readParts(request: FastifyRequest, mode: UploadMode): Promise<Upload> {
  const files: UploadedFile[] = [];
  const ignored: string[] = [];
  const fields: Record<string, string> = {};
  let seen = 0;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!FILE_FIELD[mode].includes(part.fieldname)) {
        part.file.resume();
        throw invalidRequest(`unknown file field "${part.fieldname}"; send the file as "${FILE_FIELD[mode][0]}"`);
      }
      const index = seen++;
      if (mode === 'batch' && index >= MAX_BATCH_FILES) throw invalidRequest(`a batch holds at most ${MAX_BATCH_FILES} files`);
      const filename = cleanFilename(part.filename) ?? defaultFilename(index);
      if (mode === 'single' && index > 0) {
        part.file.resume(); // read past it without keeping it
        ignored.push(filename);
        continue;
      }
      files.push(await readFilePart(part, filename));
    } else {
      // Refused as they come, so a flood of fields is refused at its first one.
      if (!Object.hasOwn(MultipartOptionFields.properties, part.fieldname)) throw invalidRequest(`unknown field "${part.fieldname}"`);
      if (Object.hasOwn(fields, part.fieldname)) throw invalidRequest(`field "${part.fieldname}" is given twice`);
      fields[part.fieldname] = String(part.value);
    }
  }
  if (files.length === 0) throw invalidRequest(`the multipart body has no "${FILE_FIELD[mode][0]}" file`);
  if (!optionFields.Check(fields)) {
    const error = optionFields.Errors(fields).find((e) => e.keyword !== 'boolean');
    throw invalidRequest(`${error?.instancePath.slice(1) || 'a field'} ${error?.message ?? 'is not valid'}`);
  }
  return { files, ignored, options: toOptions(fields.hints, fields.raw_text === 'true', fields.regions === 'true') };
}

async function readFilePart(part: Multipart & { type: 'file' }, filename: string): Promise<UploadedFile> {
  const bytes = await part.toBuffer();
  if (bytes.length === 0) throw invalidRequest(`file "${filename}" is empty`);
  return { filename, declaredType: cleanDeclaredType(part.mimetype), bytes };
}

/** A declared type is only a label, stored with a batch job: control characters (a NUL, which PostgreSQL refuses in text) are dropped. */
function cleanDeclaredType(type: string | undefined): string | null {
  return type?.replace(/[\u0000-\u001f\u007f]/g, '') || null;
}

function toOptions(hints: string | undefined, rawText: boolean | undefined, regions: boolean | undefined): UploadOptions {
  return { hints: parseHints(hints), rawText: rawText ?? false, regions: regions ?? false };
}
