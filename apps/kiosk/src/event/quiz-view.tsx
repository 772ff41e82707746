import type { KioskQuestion } from '@ambassador/contracts';
import { format, type Strings } from '../i18n/strings';
import { useFocusOn } from './activity-views';
import { buttonAnswer, currentQuestion, isBlankButton, type QuizScreen, type QuizStep } from './event-run';

type Props = {
  step: QuizStep;
  strings: Strings;
  /** A button of the current question (what it answers). */
  onAnswer: (answer: string) => void;
  /** The button of a general page. */
  onNext: () => void;
};

/** A quiz: its general pages and its questions, one at a time. */
export function QuizView({ step, strings, onAnswer, onNext }: Props) {
  const question = currentQuestion(step);
  if (step.screen === 'question' && question)
    return <QuestionView step={step} question={question} strings={strings} onAnswer={onAnswer} />;
  return <QuizPageView step={step} question={question} strings={strings} onNext={onNext} />;
}

function Hints({ question, strings }: { question: KioskQuestion; strings: Strings }) {
  return (
    <aside className="k-quiz-hints" data-testid="quiz-hints">
      <strong>{strings.quizHints}</strong>
      <p>{question.hints}</p>
    </aside>
  );
}

function QuestionView({
  step,
  question,
  strings,
  onAnswer,
}: {
  step: QuizStep;
  question: KioskQuestion;
  strings: Strings;
  onAnswer: (answer: string) => void;
}) {
  const heading = useFocusOn<HTMLHeadingElement>(`${question.id}:${step.attempt}`);
  const columns = Math.min(4, Math.max(1, question.num_of_column));
  return (
    <section
      className="k-event-panel k-quiz"
      data-testid="quiz-question"
      data-question-id={question.id}
      data-attempt={step.attempt}
      aria-labelledby="k-quiz-text"
    >
      <p className="k-quiz-progress">
        {format(strings.quizQuestionOf, { n: step.question + 1, total: step.questions.length })}
      </p>
      <h2 id="k-quiz-text" className="k-quiz-text" ref={heading} tabIndex={-1}>
        {question.text}
      </h2>
      {question.image_urls.length > 0 && (
        <div className="k-quiz-images">
          {question.image_urls.map((url) => (
            <img key={url} className="k-quiz-image" src={url} alt="" />
          ))}
        </div>
      )}
      {step.retrying && (
        <p className="k-quiz-retry" role="status" data-testid="quiz-retry">
          {strings.quizNotQuite}{' '}
          {format(strings.quizAttempt, { n: step.attempt, total: question.max_attempt })}
        </p>
      )}
      {step.hints && <Hints question={question} strings={strings} />}
      <div
        className="k-button-grid k-quiz-answers"
        role="group"
        aria-label={strings.quizAnswers}
        data-columns={columns}
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {question.buttons.map((button, index) =>
          isBlankButton(button) ? (
            <span key={index} className="k-button-blank" aria-hidden="true" />
          ) : (
            <button
              key={index}
              type="button"
              className="k-btn k-btn-outline k-answer-btn k-quiz-answer"
              data-testid={`quiz-answer-${index}`}
              onClick={() => onAnswer(buttonAnswer(button))}
            >
              {button.text || button.payload}
            </button>
          ),
        )}
      </div>
    </section>
  );
}

const PAGE_TITLE: Record<Exclude<QuizScreen, 'question' | 'onboard'>, keyof Strings> = {
  retry: 'quizNotQuite',
  correct: 'quizCorrect',
  incorrect: 'quizIncorrect',
  ending: 'quizEnding',
};
const PAGE_BUTTON: Record<Exclude<QuizScreen, 'question'>, keyof Strings> = {
  onboard: 'quizStart',
  retry: 'quizTryAgain',
  correct: 'eventNext',
  incorrect: 'eventNext',
  ending: 'eventNext',
};

/** A general page (onboard, retry, correct, incorrect, ending): its text, or a word of ours without one. */
function QuizPageView({
  step,
  question,
  strings,
  onNext,
}: {
  step: QuizStep;
  question: KioskQuestion | null;
  strings: Strings;
  onNext: () => void;
}) {
  const screen = step.screen === 'question' ? 'ending' : step.screen;
  const page = step.quiz.pages[screen];
  const heading = useFocusOn<HTMLHeadingElement>(`${screen}:${step.question}:${step.attempt}`);
  const title = page?.text.trim() || (screen === 'onboard' ? step.quiz.name : strings[PAGE_TITLE[screen]]);
  return (
    <section
      className="k-event-panel k-quiz-page"
      data-testid={`quiz-page-${screen}`}
      aria-labelledby="k-quiz-page-title"
    >
      {page?.image_url && <img className="k-event-image" src={page.image_url} alt="" />}
      <h2 id="k-quiz-page-title" className="k-quiz-page-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {screen === 'ending' && (
        <p className="k-quiz-score" data-testid="quiz-score">
          {format(strings.quizScore, { score: step.score, total: step.questions.length })}
        </p>
      )}
      {screen === 'retry' && step.hints && question && <Hints question={question} strings={strings} />}
      <button
        type="button"
        className="k-btn k-btn-primary k-event-next"
        data-testid="event-next"
        onClick={onNext}
      >
        {strings[PAGE_BUTTON[screen]]}
      </button>
    </section>
  );
}
