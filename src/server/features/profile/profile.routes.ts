import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileEndpoints } from '#shared/contracts/profile.js';
import { updateProfileSchema } from '#shared/contracts/profile.schemas.js';
import { avatarFormats, uploadMaxBytes } from '#shared/domain/uploads.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser, withEffectiveRole } from '#server/plugins/session.js';
import { acceptImageUpload, avatarSide, storeImageWhile } from '#server/integrations/storage/image-upload.js';
import { readMultipart } from '#server/plugins/multipart.js';
import { toUserDto } from './profile.mapper.js';
import { updateProfile } from './profile.service.js';

const AVATAR_MAX_BYTES = uploadMaxBytes;
const listFields = new Set(['skills', 'languages', 'frameworks']);
const numberFields = new Set(['hourlyRate', 'yearsOfExperience']);

/** Multipart sends every field as text: lists arrive as JSON text, numbers as digits, '' as nothing. */
function fromFormFields(fields: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    if (listFields.has(key)) {
      try {
        values[key] = JSON.parse(raw);
      } catch {
        throw new AppError('VALIDATION_FAILED', `${key} must be a JSON list`);
      }
    } else if (numberFields.has(key)) values[key] = raw.trim() === '' || raw === 'null' ? null : Number(raw);
    else values[key] = raw === 'null' ? null : raw;
  }
  return values;
}

async function readProfileUpdate(ctx: AppContext, request: FastifyRequest, uploaderId: number) {
  // No body at all is an empty update; a JSON null (or any non-object) is refused by the contract.
  if (!request.isMultipart()) return { changes: updateProfileSchema.parse(request.body === undefined ? {} : request.body) };
  const { fields, file } = await readMultipart(request, { fileField: 'avatar', maxBytes: AVATAR_MAX_BYTES, maxFiles: 1 });
  const changes = updateProfileSchema.parse(fromFormFields(fields));
  if (!file) return { changes };
  const avatar = await acceptImageUpload(ctx, uploaderId, file.buffer, {
    allowed: avatarFormats,
    maxBytes: AVATAR_MAX_BYTES,
    square: avatarSide,
    prefix: 'avatars',
  });
  return { changes, avatar };
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, profileEndpoints.update, async (request) => {
    const actor = requireUser(request);
    // Refuse someone else's profile before reading any upload.
    if (actor.id !== request.params.id) throw new AppError('FORBIDDEN', 'You can only edit your own profile');
    const { changes, avatar } = await readProfileUpdate(ctx, request, actor.id);
    const updated = await storeImageWhile(ctx.storage, avatar, (avatarUrl) => updateProfile(ctx, actor, request.params.id, changes, avatarUrl));
    return toUserDto(withEffectiveRole(updated, ctx.config.operatorEmails));
  });
}
