import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  SEARCH_RESULT_LIMIT,
  type IndustryBlueprint,
  type IndustryCalculation,
  type IndustryDecryptor,
} from '@tradewise/contracts';
import { EsiCallError } from '@tradewise/platform';
import { SEARCH_QUERY_SCHEMA, parseSearchQuery } from '../../static-data/http/request-params';
import type { StaticData } from '../../static-data/static-data';
import { STATIC_DATA } from '../../static-data/static-data.token';
import { BlueprintSearch } from '../blueprints/blueprint-search';
import { IndustryCalculationService } from '../calculation/industry-calculation.service';
import { IndustryInputError } from '../calculation/industry-job.plan';

const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });

/** The public industry and reaction calculator (public-tools §2, §3, §7). */
@ApiTags('Industry')
@Controller('industry')
export class IndustryController {
  constructor(
    @Inject(IndustryCalculationService) private readonly calculator: IndustryCalculationService,
    @Inject(BlueprintSearch) private readonly blueprints: BlueprintSearch,
    @Inject(STATIC_DATA) private readonly staticData: StaticData,
  ) {}

  @Post('calculate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Materials, job installation cost, build time, input and output prices, fees, tax and profit of one industry job or reaction',
  })
  @ApiBody({ schema: one('IndustryCalculationRequest') })
  @ApiOkResponse({ schema: one('IndustryCalculation') })
  @ApiBadRequestResponse({
    description: 'A field is invalid, or names an unknown blueprint, system, rig or region',
  })
  @ApiServiceUnavailableResponse({ description: 'ESI did not answer for prices or cost indices' })
  async industryCalculate(@Body() body: unknown): Promise<IndustryCalculation> {
    try {
      return await this.calculator.calculate(body);
    } catch (error) {
      if (error instanceof IndustryInputError) throw new BadRequestException(error.message);
      if (error instanceof EsiCallError) {
        throw new ServiceUnavailableException(
          'Market prices or cost indices could not be read from ESI just now; try again in a minute.',
        );
      }
      if (error instanceof RangeError) {
        throw new BadRequestException(`This calculation cannot be done exactly: ${error.message}.`);
      }
      throw error;
    }
  }

  @Get('blueprints/search')
  @ApiOperation({ summary: 'Blueprints and reaction formulas whose names match (at most 50)' })
  @ApiQuery({
    name: 'q',
    required: true,
    schema: SEARCH_QUERY_SCHEMA,
    description: 'Part of a blueprint or reaction formula name',
  })
  @ApiOkResponse({ schema: one('IndustryBlueprintList') })
  @ApiBadRequestResponse({ description: 'q is missing, blank or too long' })
  industryBlueprintSearch(@Query('q') q: unknown): IndustryBlueprint[] {
    return this.blueprints.search(parseSearchQuery(q), SEARCH_RESULT_LIMIT);
  }

  @Get('decryptors')
  @ApiOperation({ summary: 'Decryptors and what each does to an invention: chance, runs, ME and TE' })
  @ApiOkResponse({ schema: one('IndustryDecryptorList') })
  industryDecryptors(): IndustryDecryptor[] {
    return this.staticData.decryptors().map((decryptor) => ({
      typeId: decryptor.typeId,
      typeName: decryptor.name,
      probabilityMultiplier: decryptor.probabilityMultiplier,
      materialEfficiencyModifier: decryptor.materialEfficiencyModifier,
      timeEfficiencyModifier: decryptor.timeEfficiencyModifier,
      runModifier: decryptor.runModifier,
    }));
  }
}
