import type {
  EsiBlueprint,
  EsiCharacter,
  EsiCharacterIndustryJob,
  EsiCharacterLocation,
  EsiCharacterRoles,
  EsiContract,
  EsiContractItem,
  EsiCorporationIndustryJob,
  EsiSkills,
  EsiStanding,
} from '@tradewise/contracts';
import { centsToIsk } from '../../world/money';
import type { JobView } from '../../world/simulated-world';
import type { OwnedBlueprint } from '../../world/world-plan';
import type { CharacterProfile, SkillLevels } from '../../world/world-profiles';
import type { ContractRecord } from '../../world/world-records';
import {
  booleanParam,
  esiDate,
  EsiHttpError,
  integerParam,
  paginate,
  type EsiAnswer,
  type EsiCall,
} from '../esi-call';

const CONTRACTS_PAGE_SIZE = 1000;
const BLUEPRINTS_PAGE_SIZE = 1000;
const JOBS_PAGE_SIZE = 1000;

/** Skill type ids (SDE) of the skills that matter for fees and industry, with their training rank. */
const SKILLS: readonly { readonly key: keyof SkillLevels; readonly typeId: number; readonly rank: number }[] =
  [
    { key: 'accounting', typeId: 16622, rank: 3 },
    { key: 'brokerRelations', typeId: 3446, rank: 2 },
    { key: 'advancedBrokerRelations', typeId: 16597, rank: 3 },
    { key: 'industry', typeId: 3380, rank: 1 },
    { key: 'advancedIndustry', typeId: 3388, rank: 3 },
    { key: 'trade', typeId: 3443, rank: 1 },
    { key: 'retail', typeId: 3444, rank: 2 },
    { key: 'wholesale', typeId: 16596, rank: 4 },
    { key: 'tycoon', typeId: 18580, rank: 6 },
    { key: 'science', typeId: 3402, rank: 1 },
    { key: 'research', typeId: 3403, rank: 1 },
    { key: 'metallurgy', typeId: 3409, rank: 3 },
  ];
const SKILL_POINTS_PER_LEVEL = [0, 250, 1_415, 8_000, 45_255, 256_000];

export function characterPublic(call: EsiCall): EsiAnswer {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  const character = call.world.character(characterId);
  if (character) {
    const body: EsiCharacter = {
      name: character.name,
      corporation_id: character.corporationId,
      birthday: esiDate(Date.parse(character.birthday)),
      gender: character.gender,
      race_id: character.raceId,
      bloodline_id: character.bloodlineId,
      achievement_score: 120 + (characterId % 900),
      description: '',
      security_status: character.securityStatus,
    };
    return { body };
  }
  const outside = call.world.outside.characterById(characterId);
  if (!outside) throw new EsiHttpError(404, 'Character not found');
  const body: EsiCharacter = {
    name: outside.name,
    corporation_id: outside.corporationId,
    birthday: esiDate(Date.UTC(2010, 0, 1) + (characterId % 5_000) * 86_400_000),
    gender: characterId % 2 === 0 ? 'female' : 'male',
    race_id: [1, 2, 4, 8][characterId % 4]!,
    bloodline_id: [1, 4, 5, 7][characterId % 4]!,
    achievement_score: characterId % 700,
  };
  return { body };
}

export function characterRoles(call: EsiCall): EsiAnswer {
  const character = characterOf(call);
  const body: EsiCharacterRoles = {
    roles: [...character.roles],
    roles_at_base: [],
    roles_at_hq: [...character.roles],
    roles_at_other: [],
  };
  return { body };
}

export function characterLocation(call: EsiCall): EsiAnswer {
  const location = call.world.characterLocation(characterOf(call).characterId)!;
  const body: EsiCharacterLocation = {
    solar_system_id: location.solarSystemId,
    station_id: location.stationId,
  };
  return { body };
}

export function characterBlueprints(call: EsiCall): EsiAnswer {
  const character = characterOf(call);
  const page = paginate(
    call.world.blueprints(character.characterId),
    call.query.get('page'),
    BLUEPRINTS_PAGE_SIZE,
  );
  return { ...page, body: page.body.map((owned) => blueprintBody(owned, 'Hangar')) };
}

export function corporationBlueprints(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const page = paginate(call.world.blueprints(corporationId), call.query.get('page'), BLUEPRINTS_PAGE_SIZE);
  return { ...page, body: page.body.map((owned) => blueprintBody(owned, 'CorpSAG1')) };
}

export function characterSkills(call: EsiCall): EsiAnswer {
  const character = characterOf(call);
  const skills = SKILLS.map(({ key, typeId, rank }) => {
    const level = character.skills[key];
    return {
      skill_id: typeId,
      active_skill_level: level,
      trained_skill_level: level,
      skillpoints_in_skill: SKILL_POINTS_PER_LEVEL[level]! * rank,
    };
  }).filter((skill) => skill.trained_skill_level > 0);
  const body: EsiSkills = {
    skills,
    total_sp: skills.reduce((sum, skill) => sum + skill.skillpoints_in_skill, 0) + 25_000_000,
    unallocated_sp: 0,
  };
  return { body };
}

export function characterStandings(call: EsiCall): EsiAnswer {
  const { standings } = characterOf(call);
  const body: EsiStanding[] = [
    { from_id: standings.factionId, from_type: 'faction', standing: standings.faction },
    { from_id: standings.corporationId, from_type: 'npc_corp', standing: standings.corporation },
  ];
  return { body };
}

export function characterContracts(call: EsiCall): EsiAnswer {
  const character = characterOf(call);
  const page = paginate(
    call.world.contracts(character.characterId, call.snapshotMs),
    call.query.get('page'),
    CONTRACTS_PAGE_SIZE,
  );
  return { ...page, body: page.body.map((contract) => contractBody(contract, call.snapshotMs)) };
}

export function characterContractItems(call: EsiCall): EsiAnswer {
  const character = characterOf(call);
  const contractId = integerParam(call.params['contract_id'], 'contract_id');
  const listed = (atMs: number) =>
    call.world
      .contracts(character.characterId, atMs)
      .find((candidate) => candidate.contractId === contractId);
  // A contract's items never change, and ESI caches them per contract: the first read of a contract issued within
  // the route's cache hour finds it, as the contract list (cached 5 minutes) already shows it.
  const contract = listed(call.snapshotMs) ?? listed(call.nowMs);
  if (!contract) throw new EsiHttpError(404, 'Contract not found!');
  return { body: contractItemsBody(contract) };
}

export function corporationContracts(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const contracts = call.world.corporationContracts(corporationId, call.snapshotMs);
  const page = paginate(contracts, call.query.get('page'), CONTRACTS_PAGE_SIZE);
  return { ...page, body: page.body.map((contract) => contractBody(contract, call.snapshotMs)) };
}

export function characterIndustryJobs(call: EsiCall): EsiAnswer {
  const character = characterOf(call);
  const includeCompleted = booleanParam(call.query.get('include_completed'), 'include_completed', false);
  const body: EsiCharacterIndustryJob[] = call.world
    .characterJobs(character.characterId, call.snapshotMs, includeCompleted)
    .map(characterJobBody);
  return { body };
}

/** A job as GET /characters/{id}/industry/jobs lists it. */
export function characterJobBody(view: JobView): EsiCharacterIndustryJob {
  const { location, ...job } = jobBody(view);
  return { ...job, station_id: location };
}

export function corporationIndustryJobs(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const includeCompleted = booleanParam(call.query.get('include_completed'), 'include_completed', false);
  const views = call.world.corporationJobs(corporationId, call.snapshotMs, includeCompleted);
  const page = paginate(views, call.query.get('page'), JOBS_PAGE_SIZE);
  return {
    ...page,
    body: page.body.map((view): EsiCorporationIndustryJob => {
      const { location, ...job } = jobBody(view);
      return { ...job, location_id: location };
    }),
  };
}

/** The simulated character a character route is about (the token's owner: the gateway checked). */
function characterOf(call: EsiCall): CharacterProfile {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  const character = call.world.character(characterId);
  if (!character) throw new EsiHttpError(404, 'Character not found');
  return character;
}

function blueprintBody(owned: OwnedBlueprint, locationFlag: string): EsiBlueprint {
  return {
    item_id: owned.itemId,
    type_id: owned.blueprint.blueprintTypeId,
    location_id: owned.locationId,
    location_flag: locationFlag,
    quantity: -1,
    runs: -1,
    material_efficiency: 10,
    time_efficiency: 20,
  };
}

/** A contract's items as ESI lists them: every item the issuer included (the simulator's contracts ask for none). */
export function contractItemsBody(contract: ContractRecord): EsiContractItem[] {
  return contract.items.map((item) => ({
    record_id: item.recordId,
    type_id: item.typeId,
    quantity: item.quantity,
    is_included: true,
    is_singleton: false,
  }));
}

export function contractBody(contract: ContractRecord, atMs: number): EsiContract {
  const accepted = contract.acceptedMs <= atMs;
  return {
    contract_id: contract.contractId,
    issuer_id: contract.issuerId,
    issuer_corporation_id: contract.issuerCorporationId,
    assignee_id: contract.assigneeId,
    acceptor_id: accepted ? contract.acceptorId : 0,
    type: 'item_exchange',
    status: accepted ? 'finished' : 'outstanding',
    availability: contract.availability,
    for_corporation: contract.forCorporation,
    date_issued: esiDate(contract.issuedMs),
    date_expired: esiDate(contract.expiresMs),
    ...(accepted
      ? { date_accepted: esiDate(contract.acceptedMs), date_completed: esiDate(contract.acceptedMs) }
      : {}),
    days_to_complete: 0,
    title: contract.title,
    price: centsToIsk(contract.price),
    reward: 0,
    collateral: 0,
    buyout: 0,
    volume: Math.round(contract.volume * 100) / 100,
    start_location_id: contract.locationId,
    end_location_id: contract.locationId,
  };
}

function jobBody({
  job,
  status,
}: JobView): Omit<EsiCharacterIndustryJob, 'station_id'> & { location: number } {
  return {
    job_id: job.jobId,
    installer_id: job.installerId,
    facility_id: job.facilityId,
    location: job.stationId,
    activity_id: 1,
    blueprint_id: job.blueprintItemId,
    blueprint_type_id: job.blueprintTypeId,
    blueprint_location_id: job.stationId,
    output_location_id: job.stationId,
    runs: job.runs,
    cost: centsToIsk(job.cost),
    licensed_runs: job.runs,
    product_type_id: job.productTypeId,
    status,
    duration: job.durationSeconds,
    start_date: esiDate(job.startMs),
    end_date: esiDate(job.endMs),
    ...(status === 'delivered'
      ? {
          completed_date: esiDate(job.completedMs),
          completed_character_id: job.installerId,
          successful_runs: job.runs,
        }
      : {}),
  };
}
