import {
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { StaffAuditReportDto, StaffEventChainDto, StaffEventPageDto } from '@tradewise/contracts';
import {
  EVENT_STORE,
  EventLogInspector,
  parseBody,
  verifyEventLog,
  type EventLogSelection,
  type EventStore,
} from '@tradewise/platform';
import { AuditorsMay } from './staff-access.guard';
import { StaffConsole } from './staff-console.decorator';
import { staffOne } from './staff-openapi';

/** The key stream-head digests are signed with (`loadAuditSigningKey`), for verify. */
export const AUDIT_SIGNING_KEY = Symbol('AUDIT_SIGNING_KEY');

const isoTime = z.iso.datetime({ offset: true }).transform((text) => new Date(text).toISOString());
const selectionQuerySchema = z.strictObject({
  account: z.string().min(1).optional(),
  character: z.coerce.number().int().positive().optional(),
  stream: z.string().min(1).optional(),
  /** Comma-separated event types. */
  type: z.string().min(1).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  correlation: z.string().min(1).optional(),
  order: z.enum(['oldest', 'newest']).default('newest'),
});
const pageQuerySchema = selectionQuerySchema.extend({
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

function selectionOf(query: z.infer<typeof selectionQuerySchema>): EventLogSelection {
  return {
    ...(query.account !== undefined ? { accountId: query.account } : {}),
    ...(query.character !== undefined ? { characterId: query.character } : {}),
    ...(query.stream !== undefined ? { streamId: query.stream } : {}),
    ...(query.type !== undefined ? { eventTypes: query.type.split(',').map((type) => type.trim()) } : {}),
    ...(query.from !== undefined ? { recordedFrom: query.from } : {}),
    ...(query.to !== undefined ? { recordedTo: query.to } : {}),
    ...(query.correlation !== undefined ? { correlationId: query.correlation } : {}),
  };
}

const SELECTION_QUERIES = [
  {
    name: 'account',
    required: false,
    schema: { type: 'string', minLength: 1 },
    description: 'Events naming the account, or on its streams',
  },
  {
    name: 'character',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    description: 'Events naming the character, or on its streams',
  },
  {
    name: 'stream',
    required: false,
    schema: { type: 'string', minLength: 1 },
    description: 'One stream, e.g. tradeledger-<account>',
  },
  {
    name: 'type',
    required: false,
    schema: { type: 'string', minLength: 1 },
    description: 'Event types, comma-separated',
  },
  {
    name: 'from',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: 'Recorded at or after (ISO time)',
  },
  {
    name: 'to',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: 'Recorded before (ISO time)',
  },
  {
    name: 'correlation',
    required: false,
    schema: { type: 'string', minLength: 1 },
    description: 'A correlation id',
  },
  { name: 'order', required: false, enum: ['oldest', 'newest'], description: 'Default newest first' },
] as const;
const withSelectionQueries = (): MethodDecorator => (target, key, descriptor) => {
  for (const query of SELECTION_QUERIES) ApiQuery(query)(target, key, descriptor);
};
const BAD_QUERY = { description: 'A filter is not valid' };

/** The event log for auditors (issue 23): browse, follow causation, export, and verify the hash chains. */
@StaffConsole()
@Controller('staff')
export class EventLogController {
  private readonly inspector: EventLogInspector;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(AUDIT_SIGNING_KEY) private readonly signingKey: Buffer,
  ) {
    this.inspector = new EventLogInspector(store);
  }

  @Get('events')
  @ApiOperation({ summary: 'One page of the event log, filtered (staff and auditors)' })
  @withSelectionQueries()
  @ApiQuery({
    name: 'after',
    required: false,
    schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    description: 'The nextCursor of the previous page',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 500 },
    description: '1 to 500, default 100',
  })
  @ApiOkResponse({ schema: staffOne('StaffEventPage') })
  @ApiBadRequestResponse(BAD_QUERY)
  async staffEvents(@Query() query: unknown): Promise<StaffEventPageDto> {
    const parsed = parseBody(pageQuerySchema, query);
    const page = await this.inspector.page({
      selection: selectionOf(parsed),
      order: parsed.order,
      after: parsed.after,
      limit: parsed.limit,
    });
    return { events: [...page.events], nextCursor: page.nextCursor };
  }

  @Get('events/export')
  @ApiOperation({ summary: 'The filtered event log as JSON Lines, streamed (staff and auditors)' })
  @withSelectionQueries()
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({ description: 'One stored event per line, with its metadata and hash' })
  @ApiBadRequestResponse(BAD_QUERY)
  async staffEventsExport(@Query() query: unknown, @Res() response: Response): Promise<void> {
    const parsed = parseBody(selectionQuerySchema, query);
    response.status(200);
    response.setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('content-disposition', 'attachment; filename="events.jsonl"');
    try {
      await pipeline(
        Readable.from(this.inspector.exportJsonLines(selectionOf(parsed), parsed.order)),
        response,
      );
    } catch (error) {
      // A browser that cancels the download closes the response: the export stops reading, nothing failed.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  }

  @Get('events/:id')
  @ApiOperation({
    summary: 'An event (or a command or message id) with the events it caused and its correlation group',
  })
  @ApiOkResponse({ schema: staffOne('StaffEventChain') })
  @ApiNotFoundResponse({ description: 'No event has this id, and none was caused by it' })
  async staffEvent(@Param('id') id: string): Promise<StaffEventChainDto> {
    const chain = await this.inspector.causationChain(id);
    if (!chain.event && chain.caused.length === 0 && chain.correlationGroup.length === 0) {
      throw new NotFoundException(`No event has the id ${id}, and none was caused by it.`);
    }
    return {
      event: chain.event,
      caused: [...chain.caused],
      correlationGroup: [...chain.correlationGroup],
      correlationGroupTruncated: chain.correlationGroupTruncated,
    };
  }

  @Post('audit/verify')
  @HttpCode(200)
  @AuditorsMay()
  @ApiOperation({ summary: "Re-check every stream's hash chain and the signed digests (staff and auditors)" })
  @ApiOkResponse({ schema: staffOne('StaffAuditReport') })
  async staffAuditVerify(): Promise<StaffAuditReportDto> {
    const report = await verifyEventLog(this.store, this.signingKey);
    return { ...report, problems: [...report.problems] };
  }
}
