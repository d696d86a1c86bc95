import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import {
  STRUCTURE_NAME_SYSTEM_SEPARATOR,
  industryStructureCreateSchema,
  industryStructurePatchSchema,
  type IndustryStructureDto,
  type IndustryStructureSettingsDto,
} from '@tradewise/contracts';
import { AccountSessionGuard, CurrentSession, type AccountSession } from '@tradewise/platform';
import type { StaticData } from '../../static-data/static-data';
import { STATIC_DATA } from '../../static-data/static-data.token';
import { solarSystemByName } from '../calculation/industry-job.plan';
import { checkBody, type BodySchema } from '../request-body';
import { ChangeStructureSettings } from './change-structure-settings.handler';
import { JobStructures } from './job-structures';
import {
  StructureRuleViolation,
  jobStructuresToName,
  structureSettingsView,
  type StructureRuleCode,
  type StructureSettingsCommand,
} from './structure-settings.decider';
import { StructureSettingsStreams } from './structure-settings.streams';

const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });

/** The ids {@link structureIdParam} accepts, for the OpenAPI document. */
const STRUCTURE_ID_SCHEMA = { type: 'integer', minimum: 1, maximum: 999_999_999_999 } as const;

const STATUS: Readonly<Record<StructureRuleCode, HttpStatus>> = {
  STRUCTURE_NOT_FOUND: HttpStatus.NOT_FOUND,
  STRUCTURE_ALREADY_SAVED: HttpStatus.BAD_REQUEST,
  TOO_MANY_STRUCTURES: HttpStatus.BAD_REQUEST,
};

/** Structure Settings (account-area §2 Settings, §3, §7): the structures the industry calculator offers. */
@ApiTags('Account')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('account/structures')
export class StructureSettingsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(StructureSettingsStreams) private readonly settings: StructureSettingsStreams,
    @Inject(STATIC_DATA) private readonly staticData: StaticData,
    @Inject(JobStructures) private readonly jobStructures: JobStructures,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Saved structures, structures used before, and rig names by type id' })
  @ApiOkResponse({ schema: one('IndustryStructureSettings') })
  async accountStructures(@CurrentSession() session: AccountSession): Promise<IndustryStructureSettingsDto> {
    const [{ state }, facilityIds] = await Promise.all([
      this.settings.load(session.accountId),
      this.jobStructures.facilityIds(session.accountId),
    ]);
    const jobStructures = await this.jobStructures.named(jobStructuresToName(state, facilityIds));
    return {
      ...structureSettingsView(state, jobStructures),
      structureRigs: this.staticData.structureRigNames(),
    };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: "Saves a structure; its name begins with its solar system ('Jita - ...')" })
  @ApiBody({ schema: one('IndustryStructureCreate') })
  @ApiCreatedResponse({ schema: one('IndustryStructure') })
  @ApiBadRequestResponse({
    description: 'A field is invalid, the name does not begin with a solar system, or it is saved already',
  })
  async saveAccountStructure(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<IndustryStructureDto> {
    const structure = parse(industryStructureCreateSchema, body, 'structure');
    this.requireSystemPrefix(structure.name);
    const rigs = {
      rig1TypeId: this.rig(structure.rig1TypeId ?? null, 1),
      rig2TypeId: this.rig(structure.rig2TypeId ?? null, 2),
      rig3TypeId: this.rig(structure.rig3TypeId ?? null, 3),
    };
    const { events, state } = await this.execute(session, {
      type: 'SaveStructure',
      structure: {
        facilityId: structure.facilityId ?? null,
        name: structure.name,
        securityStatus: structure.securityStatus,
        ...rigs,
      },
    });
    const saved = events[0]!;
    return state.structures.get((saved.data as { structureId: number }).structureId)!;
  }

  @Patch(':id')
  @ApiOperation({ summary: "Changes a saved structure's security status or rigs" })
  @ApiParam({ name: 'id', schema: STRUCTURE_ID_SCHEMA, description: 'The saved structure id' })
  @ApiBody({ schema: one('IndustryStructurePatch') })
  @ApiOkResponse({ schema: one('IndustryStructure') })
  @ApiBadRequestResponse({
    description: 'id is not a structure id, a field is invalid, or a rig is not a rig',
  })
  @ApiNotFoundResponse({ description: 'No saved structure with this id' })
  async changeAccountStructure(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<IndustryStructureDto> {
    const structureId = structureIdParam(id);
    const { state: before } = await this.settings.load(session.accountId);
    if (!before.structures.has(structureId)) throw notFound(structureId);
    const changes = parse(industryStructurePatchSchema, body, 'structure change');
    for (const slot of [1, 2, 3] as const) {
      const rigTypeId = changes[`rig${slot}TypeId`];
      if (rigTypeId !== undefined) this.rig(rigTypeId, slot);
    }
    const { state } = await this.execute(session, { type: 'ChangeStructure', structureId, changes });
    return state.structures.get(structureId)!;
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a saved structure' })
  @ApiParam({ name: 'id', schema: STRUCTURE_ID_SCHEMA, description: 'The saved structure id' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiBadRequestResponse({ description: 'id is not a structure id' })
  @ApiNotFoundResponse({ description: 'No saved structure with this id' })
  async removeAccountStructure(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<void> {
    await this.execute(session, { type: 'RemoveStructure', structureId: structureIdParam(id) });
  }

  private async execute(session: AccountSession, command: StructureSettingsCommand) {
    try {
      return await this.commands.execute(new ChangeStructureSettings(session.accountId, command));
    } catch (error) {
      if (error instanceof StructureRuleViolation) {
        throw new HttpException({ message: error.message, code: error.code }, STATUS[error.code], {
          cause: error,
        });
      }
      throw error;
    }
  }

  /** The calculator copies the system from the name (spec §4), so the name must begin with a solar system. */
  private requireSystemPrefix(name: string): void {
    const separator = name.indexOf(STRUCTURE_NAME_SYSTEM_SEPARATOR);
    const example = `as in 'Jita${STRUCTURE_NAME_SYSTEM_SEPARATOR}My Sotiyo'`;
    if (separator <= 0) {
      throw new BadRequestException(
        `The structure name must begin with its solar system and '${STRUCTURE_NAME_SYSTEM_SEPARATOR}', ${example}.`,
      );
    }
    const systemName = name.slice(0, separator).trim();
    if (!solarSystemByName(this.staticData, systemName)) {
      throw new BadRequestException(
        `'${systemName}' is not a solar system: the structure name must begin with its system, ${example}.`,
      );
    }
  }

  private rig(rigTypeId: number | null, slot: number): number | null {
    if (rigTypeId !== null && !this.staticData.structureRig(rigTypeId)) {
      throw new BadRequestException(`rig${slot}TypeId: ${rigTypeId} is not a structure rig.`);
    }
    return rigTypeId;
  }
}

function parse<T>(schema: BodySchema<T>, body: unknown, what: string): T {
  const checked = checkBody(schema, body, what);
  if ('problem' in checked) throw new BadRequestException(checked.problem);
  return checked.data;
}

function structureIdParam(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new BadRequestException(`'${raw.slice(0, 40)}' is not a structure id.`);
  }
  return id;
}

function notFound(structureId: number): HttpException {
  return new HttpException(
    { message: `No saved structure has the id ${structureId}.`, code: 'STRUCTURE_NOT_FOUND' },
    HttpStatus.NOT_FOUND,
  );
}
