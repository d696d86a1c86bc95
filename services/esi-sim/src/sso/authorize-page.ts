import type { CharacterProfile } from '../world/world-profiles';
import type { AuthorizeRequest } from './sso-authority';

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The simulated login page: pick a character, tick the scopes to grant, authorize (or cancel). It posts the
 * original request back with the choice, so the page keeps no state.
 */
export function authorizePage(
  request: AuthorizeRequest,
  query: URLSearchParams,
  characters: readonly CharacterProfile[],
  corporationName: (corporationId: number) => string,
): string {
  const hidden = [...query.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');
  const characterRows = characters
    .map(
      (character, index) => `<label class="row">
  <input type="radio" name="character_id" value="${character.characterId}"${index === 0 ? ' checked' : ''}>
  <strong>${escape(character.name)}</strong> <span>${escape(corporationName(character.corporationId))}</span>
  <small>${character.roles.length > 0 ? escape(character.roles.join(', ')) : 'no corporation roles'}</small>
</label>`,
    )
    .join('\n');
  const scopeRows =
    request.scopes.length === 0
      ? '<p>The application asks for no scopes (login only).</p>'
      : request.scopes
          .map(
            (scope) =>
              `<label class="row"><input type="checkbox" name="granted_scope" value="${escape(scope)}" checked> <code>${escape(scope)}</code></label>`,
          )
          .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>EVE Online SSO (simulated)</title>
<style>
body { font-family: system-ui, sans-serif; background: #101418; color: #e8e8e8; max-width: 44rem; margin: 2rem auto; }
fieldset { border: 1px solid #3a4450; margin: 1rem 0; padding: 1rem; }
.row { display: block; padding: 0.3rem 0; }
.row span, .row small { color: #9aa5b1; margin-left: 0.5rem; }
button { padding: 0.5rem 1.5rem; margin-right: 1rem; }
</style>
</head>
<body>
<h1>Log in with EVE Online</h1>
<p>This is the Tradewise ESI simulator. <code>${escape(request.clientId)}</code> asks to act for one of your characters.</p>
<form method="post" action="authorize">
${hidden}
<fieldset><legend>Character</legend>
${characterRows}
</fieldset>
<fieldset><legend>Scopes</legend>
${scopeRows}
</fieldset>
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>
</body>
</html>
`;
}
