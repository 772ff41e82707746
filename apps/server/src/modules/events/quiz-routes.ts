import {
  BULK_MAX,
  QUESTION_DEFAULT_TITLE,
  QUIZ_MAX_QUESTIONS,
  QUIZ_MAX_QUIZZES,
  ZBulkResult,
  ZCreateQuestionRequest,
  ZCreateQuizRequest,
  ZDeviceQuery,
  ZOk,
  ZOkEmpty,
  ZQuestionParams,
  ZQuiz,
  ZQuizPage,
  ZQuizPageParams,
  ZQuizParams,
  ZQuizQuestion,
  ZQuizSummary,
  ZQuizzesBulkRequest,
  ZUndoTicket,
  ZUpdateQuestionRequest,
  ZUpdateQuizPageRequest,
  ZUpdateQuizRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractApp, done, ok, type ContractApp } from '../../lib/contract.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import { EVENT_PAGE, EVENT_TAGS as tags, deviceRef } from './access.js';
import type { EventManagerBulk } from './bulk.js';
import type { QuizService } from './quiz-service.js';

const QUIZ = '/event_manager/quiz';
const pushed =
  'Paired kiosks playing the current event get the change at once (`event:active`) when it uses this quiz.';

/** The quiz library of a device. Thin: the contract and the guard check, the service acts. */
export function quizRoutes(
  parent: FastifyInstance,
  { quizzes, bulk }: { quizzes: QuizService; bulk: EventManagerBulk },
) {
  const app = contractApp(parent);
  quizLibraryRoutes(app, quizzes, bulk);
  app.post(
    `${QUIZ}/bulk`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Delete many quizzes at once, with their questions and pages',
        description:
          '`selection` is `{ ids }` or `{ all: true, filter: {} }` (the device’s whole quiz library). ' +
          `At most ${BULK_MAX}, in one transaction. A quiz an event’s flows use stays and is counted as ` +
          '`skipped`; the answer’s `undo` ticket puts the others back (`POST /undo`).',
        body: ZQuizzesBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.quizzes(authOf(req), pinned(req, req.body));
      return ok(result, { message: `${result.count} quizzes deleted.` });
    },
  );
  questionRoutes(app, quizzes);
  generalPageRoutes(app, quizzes);
}

/** The quizzes themselves: the library, adding, changing, deleting and copying one. */
function quizLibraryRoutes(app: ContractApp, quizzes: QuizService, bulk: EventManagerBulk) {
  app.get(
    QUIZ,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'The device’s quiz library, by name',
        description:
          'Each quiz with its languages, the languages every question is complete in (`ready_languages`: an event can play it there) and the events using it.',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(z.array(ZQuizSummary)) },
      },
    },
    async (req) => {
      const list = await quizzes.list(deviceIdOf(req));
      return ok(list, { total: list.length });
    },
  );
  app.post(
    QUIZ,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Add a quiz',
        description: `Languages among the device’s (400 \`language_not_offered\`). A device holds at most ${QUIZ_MAX_QUIZZES} quizzes (409 \`too_many_quizzes\`).`,
        body: ZCreateQuizRequest,
        response: { 200: ZOk(ZQuiz) },
      },
    },
    async (req) => ok(await quizzes.create(pinned(req, req.body)), { message: 'Quiz added.' }),
  );
  app.get(
    `${QUIZ}/:quiz_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'A quiz with its questions in order and its five general pages',
        params: ZQuizParams,
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZQuiz) },
      },
    },
    async (req) => ok(await quizzes.get(deviceIdOf(req), req.params.quiz_id)),
  );
  app.put(
    `${QUIZ}/:quiz_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Change a quiz: name, languages, random pick, the order of its questions',
        description: `\`question_ids\` names all the quiz’s questions in their new order (409 \`conflict\` when it does not). Taking off a language an event plays the quiz in is 409 \`quiz_in_use\`, naming the events. ${pushed}`,
        params: ZQuizParams,
        body: ZUpdateQuizRequest,
        response: { 200: ZOk(ZQuiz) },
      },
    },
    async (req) =>
      ok(await quizzes.update(req.params.quiz_id, pinned(req, req.body)), { message: 'Quiz saved.' }),
  );
  app.delete(
    `${QUIZ}/:quiz_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Delete a quiz with its questions and pages',
        description:
          'A quiz an event’s flows use is 409 `quiz_in_use`, the message naming the events. The answer is ' +
          'the undo ticket (`POST /undo`), which puts it back with its questions and pages.',
        params: ZQuizParams,
        ...deviceRef.schema,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) => {
      const deviceId = deviceIdOf(req);
      await quizzes.mustBeUnused(deviceId, req.params.quiz_id);
      return ok(await bulk.removeQuiz(authOf(req), deviceId, req.params.quiz_id), {
        message: 'Quiz deleted.',
      });
    },
  );
  app.post(
    `${QUIZ}/:quiz_id/duplicate`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Copy a quiz as “<name> (copy)”, its questions and pages with it',
        description: `Counts against the ${QUIZ_MAX_QUIZZES} quizzes a device holds (409 \`too_many_quizzes\`).`,
        params: ZQuizParams,
        ...deviceRef.schema,
        response: { 200: ZOk(ZQuiz) },
      },
    },
    async (req) =>
      ok(await quizzes.duplicate(deviceIdOf(req), req.params.quiz_id), { message: 'Quiz duplicated.' }),
  );
}

/** A quiz’s questions. */
function questionRoutes(app: ContractApp, quizzes: QuizService) {
  app.post(
    `${QUIZ}/:quiz_id/question`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: `Add a question after the quiz’s last (title “${QUESTION_DEFAULT_TITLE}” unless given)`,
        description: `Contents only in the quiz’s languages (400 \`language_not_offered\`); buttons are padded to whole rows of \`num_of_column\`. A draft may lack anything but may not name a correct answer no button gives (400 \`validation_error\`, rule \`quiz_too_many_correct_answers\` or \`quiz_answer_not_a_button\`). A quiz holds at most ${QUIZ_MAX_QUESTIONS} questions (409 \`too_many_questions\`). ${pushed}`,
        params: ZQuizParams,
        body: ZCreateQuestionRequest,
        response: { 200: ZOk(ZQuizQuestion) },
      },
    },
    async (req) =>
      ok(await quizzes.createQuestion(req.params.quiz_id, pinned(req, req.body)), {
        message: 'Question added.',
      }),
  );
  app.get(
    `${QUIZ}/:quiz_id/question/:question_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'A question, with the languages it is complete in',
        params: ZQuestionParams,
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZQuizQuestion) },
      },
    },
    async (req) => ok(await quizzes.question(deviceIdOf(req), req.params.quiz_id, req.params.question_id)),
  );
  app.put(
    `${QUIZ}/:quiz_id/question/:question_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Save a whole question',
        description: `The same checks as adding one. ${pushed}`,
        params: ZQuestionParams,
        body: ZUpdateQuestionRequest,
        response: { 200: ZOk(ZQuizQuestion) },
      },
    },
    async (req) =>
      ok(await quizzes.updateQuestion(req.params.quiz_id, req.params.question_id, pinned(req, req.body)), {
        message: 'Question saved.',
      }),
  );
  app.delete(
    `${QUIZ}/:quiz_id/question/:question_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Delete a question',
        description: pushed,
        params: ZQuestionParams,
        ...deviceRef.schema,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await quizzes.removeQuestion(deviceIdOf(req), req.params.quiz_id, req.params.question_id);
      return done('Question deleted.');
    },
  );
}

/** A quiz’s five general pages (onboard, correct, incorrect, ending, retry). */
function generalPageRoutes(app: ContractApp, quizzes: QuizService) {
  app.get(
    `${QUIZ}/:quiz_id/:page_type`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'A general page (onboard, correct, incorrect, ending, retry)',
        description: 'A page never saved is off and empty.',
        params: ZQuizPageParams,
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZQuizPage) },
      },
    },
    async (req) => ok(await quizzes.page(deviceIdOf(req), req.params.quiz_id, req.params.page_type)),
  );
  app.put(
    `${QUIZ}/:quiz_id/:page_type`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Save a general page: on or off, its text, speech and image per language',
        description: `Contents only in the quiz’s languages (400 \`language_not_offered\`). ${pushed}`,
        params: ZQuizPageParams,
        body: ZUpdateQuizPageRequest,
        response: { 200: ZOk(ZQuizPage) },
      },
    },
    async (req) =>
      ok(await quizzes.savePage(req.params.quiz_id, req.params.page_type, pinned(req, req.body)), {
        message: 'Page saved.',
      }),
  );
}
