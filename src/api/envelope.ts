import type { FastifyRequest } from 'fastify';

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  meta: { request_id: string; [key: string]: unknown };
}

export function ok<T>(request: FastifyRequest, data: T, meta: Record<string, unknown> = {}): SuccessEnvelope<T> {
  return { success: true, data, meta: { request_id: request.id, ...meta } };
}
