import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isDatabaseUnavailable, isUnstorableText } from '../../db/pg-errors.ts';
import { AppError, isAppError } from '../../plugins/app-error.ts';

/** The MCP code for an unknown resource (the specification's, absent from the SDK's enum). */
const RESOURCE_NOT_FOUND = -32002;

/** The AppError the REST API would answer with (plugins/errors.ts), so both say the same thing. */
function asAppError(error: unknown, log: FastifyBaseLogger): AppError {
  if (isAppError(error)) return error;
  if (isUnstorableText(error)) {
    return new AppError(
      'BAD_REQUEST',
      400,
      'The request contains a character that cannot be stored (NUL, \\u0000); remove it and try again',
    );
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return new AppError('SERVICE_UNAVAILABLE', 503, 'The service is temporarily unavailable. Please try again in a moment.');
  }
  log.error({ err: error }, 'unhandled MCP error');
  return new AppError('INTERNAL', 500, 'Something went wrong on our side. Please try again later.');
}

/** A refused call is a tool result with isError (the agent reads it), never a transport error. */
export function toolErrorOf(error: unknown, log: FastifyBaseLogger): CallToolResult {
  const appError = asAppError(error, log);
  return {
    isError: true,
    content: [{ type: 'text', text: appError.message }],
    structuredContent: {
      error: {
        code: appError.code,
        status: appError.statusCode,
        message: appError.message,
        ...(appError.details ? { details: appError.details } : {}),
        ...(appError.meta ? { meta: appError.meta } : {}),
      },
    },
  };
}

/**
 * An McpError whose message is the text alone. The SDK's constructor makes it "MCP error <code>: <text>", the
 * server sends that message, and the client's McpError prefixes it again ("MCP error -32002: MCP error -32002: …").
 */
function rpcError(code: number, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}

/** Resource reads fail as JSON-RPC errors: not found as -32002, other refusals as invalid params. */
export function resourceErrorOf(error: unknown, log: FastifyBaseLogger): McpError {
  if (error instanceof McpError) return rpcError(error.code, error.message.replace(/^MCP error -?\d+: /, ''), error.data);
  const appError = asAppError(error, log);
  if (appError.statusCode === 404) return rpcError(RESOURCE_NOT_FOUND, appError.message);
  return rpcError(appError.statusCode >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidParams, appError.message);
}
