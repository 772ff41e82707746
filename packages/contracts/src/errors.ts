/** Why a portrait was refused for an avatar; the message says why and how to take a better one. */
export const FACE_REFUSALS = [
  'no_face',
  'several_faces',
  'face_too_small',
  'face_too_dark',
  'face_not_frontal',
  'face_cartoon',
] as const;
export type FaceRefusal = (typeof FACE_REFUSALS)[number];

/**
 * Every code a failed response can carry in its envelope's `error` field (and a realtime ack's).
 * A client decides by the code, never by the message: messages are English for API users and may
 * change wording. The server's AppError takes only these, so a new code must be added here first
 * (and the console gives it a text in every interface language: `errors.codes.<code>`).
 */
export const APP_ERROR_CODES = [
  // Generic: the message says what was wrong, which record, which field.
  'validation_error',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'internal_error',
  // The framework around every route: guard, input checks, load shedding, uploads, health.
  'invalid_device_id',
  'device_conflict',
  'device_archived',
  'password_expired',
  'invalid_text',
  'bad_multipart',
  'invalid_json_field',
  'field_too_large',
  'overloaded',
  'client_closed',
  'draining',
  'unavailable',
  // Sign-in and users.
  'invalid_credentials',
  'locked_out',
  'session_expired',
  'username_taken',
  'last_admin',
  'wrong_password',
  'password_reused',
  'self_delete',
  // Devices.
  'device_not_archived',
  'confirm_mismatch',
  'no_staff_pin',
  'wrong_pin',
  // AI configuration: topics, keywords, aliases, uploads, imports, transfers, speech.
  'category_name_taken',
  'category_in_use',
  'topic_name_taken',
  'subtopic_category',
  'keyword_exists',
  'alias_same_as_keyword',
  'no_file',
  'empty_file',
  'file_too_large',
  'unsupported_type',
  // The media pipeline (images and videos for every area).
  'image_unreadable',
  'image_too_many_pixels',
  'video_unreadable',
  'video_truncated',
  'video_not_playable',
  'video_checks_unavailable',
  'import_invalid',
  'import_too_large',
  'import_conflict',
  'import_busy',
  'import_queue_full',
  'import_kind_required',
  'import_xlsx_is_text',
  'import_csv_is_workbook',
  'import_not_text',
  'import_text_encoding',
  'same_device',
  'transfer_restored',
  'transfer_expired',
  'transfer_superseded',
  'tts_unavailable',
  'tts_failed',
  // Undo of deletes and bulk changes.
  'undo_done',
  'undo_expired',
  'undo_conflict',
  // AI versions (draft and publish).
  'nothing_to_publish',
  'not_published',
  // Conversations.
  'topic_not_on_device',
  'unit_not_on_device',
  'nothing_to_train',
  'question_too_long',
  'range_too_long',
  // Calls, chat, push, the device API.
  'call_taken',
  'call_over',
  'not_your_call',
  'not_connected',
  'chat_ended',
  'canned_code_taken',
  'unknown_operator',
  'chat_rated',
  'chat_open',
  'client_id_used',
  'language_not_offered',
  'invalid_image_url',
  'session_ended',
  // Interface settings.
  'unknown_section',
  'unknown_component',
  'banner_list_changed',
  'too_many_banners',
  // Media: resumable uploads and media attached by id.
  'upload_incomplete',
  'upload_offset_mismatch',
  'upload_expired',
  'upload_length_required',
  'upload_protocol',
  'uploads_in_flight',
  'storage_full',
  'media_in_use',
  'idle_list_changed',
  'too_many_idle_items',
  'unit_taken',
  'too_many_units',
  // Events and quizzes.
  'event_changed',
  'quiz_in_use',
  'quiz_not_on_device',
  'too_many_events',
  'too_many_quizzes',
  'too_many_questions',
  'event_not_current',
  'run_ended',
  // Document scanning and small talk.
  'too_many_documents',
  'document_busy',
  'document_not_ready',
  // Virtual avatars: the face check of a portrait, production, the player.
  ...FACE_REFUSALS,
  'face_check_unavailable',
  'avatar_not_ready',
  'too_many_avatars',
  'production_failed',
  'avatar_token_expired',
  // Locations and maps.
  'location_name_taken',
  'location_not_on_device',
  'map_in_use',
  'map_not_on_device',
  'map_list_changed',
  'too_many_maps',
  'too_many_locations',
  'too_many_location_categories',
  'location_category_not_on_device',
  'pdf_unreadable',
  'pdf_page_missing',
  'pdf_too_large',
] as const;

/**
 * Fastify's and @fastify/multipart's own client errors, passed on with their codes as they are
 * (a body too large, a broken address, a multipart limit). Any other framework code is sent as
 * `bad_request`.
 */
export const FRAMEWORK_ERROR_CODES = [
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_BAD_URL',
  'FST_ERR_INVALID_URL',
  'FST_ERR_MAX_PARAM_LENGTH',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
] as const;

export const ERROR_CODES = [...APP_ERROR_CODES, ...FRAMEWORK_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const known: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && known.has(code);
