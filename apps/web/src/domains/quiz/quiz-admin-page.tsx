import { IonButton, IonContent } from '@ionic/react';
import type { QuizAdminView, QuizQuestionAdmin } from '@lastman/api';
import { QUIZ_LIMITS } from '@lastman/api';
import { formatPence, penceAsPounds, toPence } from '@lastman/api/format';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { HttpError } from '../../lib/http.ts';
import { useMe } from '../../lib/me.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { FormField } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useAdminEvents } from '../content/index.ts';
import {
  useCopyQuiz,
  useImportQuiz,
  useMarkAnswer,
  useQuizAdmin,
  useQuizSettings,
  useQuizStep,
  useQuizzes,
  useSaveQuizNight,
  useSaveQuizSettings,
  useTeamPayment,
  useTieBreak,
} from './api/quiz-api.ts';
import { Leaderboard, shownAnswer } from './countdown.tsx';
import { QuizWriter } from './quiz-writer.tsx';
import './quiz.css';

/**
 * `/admin/quizzes`: the quizmaster's screen. Without `?id=` the club's quizzes and a new one to write;
 * with it, that quiz run live: start, open the next question, close it, see and override the marks.
 */
export function QuizAdminPage() {
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const navigate = useNavigate();
  const open = (quizId: string) => navigate(`${paths.adminQuizzes}?id=${encodeURIComponent(quizId)}`);
  return (
    <>
      <PageHeader back={id ? paths.adminQuizzes : undefined} />
      <IonContent className="ion-padding">
        <div className="page-narrow quiz-admin">{id ? <QuizRun id={id} /> : <QuizHome onOpen={open} />}</div>
      </IonContent>
    </>
  );
}

function QuizHome({ onOpen }: { onOpen: (id: string) => void }) {
  const quizzes = useQuizzes();
  const copy = useCopyQuiz();
  const [writing, setWriting] = useState(false);
  if (quizzes.error instanceof HttpError && quizzes.error.status === 403) {
    return (
      <div className="card" role="alert">
        <h2>Quizzes are run by the club's admins</h2>
        <p>An admin can let staff run them here, in the quiz settings.</p>
      </div>
    );
  }
  return (
    <>
      <StaffSetting />
      <section className="card">
        <h2>The club's quizzes</h2>
        {quizzes.isPending ? <InlineLoading /> : null}
        {quizzes.data?.quizzes.length === 0 ? <p>No quiz yet: write the first one below.</p> : null}
        <ul className="quiz-list" data-testid="quiz-list">
          {quizzes.data?.quizzes.map((q) => (
            <li key={q.id}>
              <div>
                <strong>{q.title}</strong>
                <br />
                <small>
                  Code {q.joinCode} · {q.questionCount} questions · {q.teamCount} teams · {q.status}
                </small>
              </div>
              <div className="quiz-actions">
                <IonButton fill="outline" onClick={() => onOpen(q.id)}>
                  Run
                </IonButton>
                <IonButton
                  fill="clear"
                  disabled={copy.isPending}
                  onClick={() =>
                    copy.mutate(q.id, {
                      onSuccess: ({ quiz }) => showToast(`Copied for next week: code ${quiz.joinCode}.`),
                      onError: showError,
                    })
                  }
                >
                  Copy
                </IonButton>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <CsvImport onCreated={onOpen} />
      {writing ? (
        <QuizWriter onCreated={onOpen} />
      ) : (
        <IonButton expand="block" onClick={() => setWriting(true)}>
          Write a quiz
        </IonButton>
      )}
    </>
  );
}

/** A quiz from a spreadsheet saved as CSV: every mistake named by its line. */
function CsvImport({ onCreated }: { onCreated: (id: string) => void }) {
  const importQuiz = useImportQuiz();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(undefined);
    importQuiz.mutate(
      { title: title.trim(), csv: await file.text() },
      {
        onSuccess: ({ quiz }) => onCreated(quiz.id),
        onError: (e) => (e instanceof HttpError ? setError(e.message) : showError(e)),
      },
    );
  };
  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="quiz-import-heading">
      <h2 id="quiz-import-heading">Import from a CSV file</h2>
      <p className="quiz-hint">
        Columns <code>round,prompt,kind,choices,answer,points</code>; kinds choice, text or number; choices
        split by |.
      </p>
      <FormField label="Title" name="import-title" value={title} onValue={setTitle} />
      <label className="quiz-select">
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      {error ? (
        <p className="form-error" role="alert" data-testid="quiz-import-error">
          {error}
        </p>
      ) : null}
      <IonButton type="submit" disabled={!file || !title.trim() || importQuiz.isPending}>
        Import
      </IonButton>
    </form>
  );
}

/** The admin alone: whether staff may run quizzes too. */
function StaffSetting() {
  const isAdmin = useMe().data?.role === 'admin';
  const settings = useQuizSettings(isAdmin);
  const save = useSaveQuizSettings();
  if (!isAdmin || !settings.data) return null;
  return (
    <label className="card quiz-check">
      <input
        type="checkbox"
        checked={settings.data.staffCanRun}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ staffCanRun: e.target.checked }, { onError: showError })}
      />
      Staff may write and run quizzes
    </label>
  );
}

function QuizRun({ id }: { id: string }) {
  const view = useQuizAdmin(id);
  const step = useQuizStep(id);
  if (!view.data) return view.isError ? <p role="alert">{view.error.message}</p> : <InlineLoading />;
  const { quiz, questions, teams, leaderboard } = view.data;
  const current = questions.find((q) => q.position === quiz.currentPosition);
  const isOpen = current?.state === 'open';
  const last = quiz.currentPosition >= questions.length;
  const run = (s: 'start' | 'next' | 'close') => step.mutate(s, { onError: showError });
  const joinUrl = `${window.location.origin}${paths.quiz}?code=${quiz.joinCode}`;
  return (
    <>
      <section className="card quiz-run" data-testid="quiz-run" data-status={quiz.status}>
        <h2>{quiz.title}</h2>
        <p>
          Join code <strong data-testid="quiz-code">{quiz.joinCode}</strong> · {teams.length} teams ·{' '}
          {quiz.status}
        </p>
        <p className="quiz-hint">
          Teams join at <span className="quiz-url">{joinUrl}</span>, or by the QR on the paired TV.
        </p>
        <div className="quiz-actions">
          {quiz.status === 'draft' ? (
            <IonButton onClick={() => run('start')} disabled={step.isPending}>
              Start: show the code on the TV
            </IonButton>
          ) : null}
          {quiz.status !== 'finished' && !isOpen && !last ? (
            <IonButton onClick={() => run('next')} disabled={step.isPending}>
              Open question {quiz.currentPosition + 1}
            </IonButton>
          ) : null}
          {isOpen ? (
            <IonButton color="danger" onClick={() => run('close')} disabled={step.isPending}>
              {current?.tieBreak ? 'Close the tie-break' : `Close question ${current?.position}`}
            </IonButton>
          ) : null}
        </div>
      </section>
      {quiz.status === 'finished' && !isOpen ? <TieBreakForm quizId={id} view={view.data} /> : null}
      <NightSettings key={`${quiz.eventId}-${quiz.teamFeePence}`} quizId={id} view={view.data} />
      {quiz.teamFeePence > 0 ? <TeamPayments quizId={id} view={view.data} /> : null}
      {current ? <QuestionAnswers quizId={id} question={current} /> : null}
      <section className="card">
        <h2>Leaderboard</h2>
        <Leaderboard teams={leaderboard} />
      </section>
      <QuestionList view={view.data} />
    </>
  );
}

/** The night: the club's event it is the quiz of, each team's fee, and who the leaderboard shows. */
function NightSettings({ quizId, view }: { quizId: string; view: QuizAdminView }) {
  const { quiz } = view;
  const isAdmin = useMe().data?.role === 'admin';
  const save = useSaveQuizNight(quizId);
  const [fee, setFee] = useState(quiz.teamFeePence > 0 ? penceAsPounds(quiz.teamFeePence) : '');
  const pence = fee.trim() === '' ? 0 : toPence(fee);
  const feeError =
    pence === null
      ? 'Pounds and pence, like 2 or 2.50'
      : pence > QUIZ_LIMITS.teamFeeMaxPence
        ? `At most ${formatPence(QUIZ_LIMITS.teamFeeMaxPence)} a team`
        : undefined;
  const saveFee = (event: FormEvent) => {
    event.preventDefault();
    if (pence !== null && !feeError) save.mutate({ teamFeePence: pence }, { onError: showError });
  };
  return (
    <section className="card" data-testid="quiz-night" aria-labelledby="quiz-night-heading">
      <h2 id="quiz-night-heading">The night</h2>
      {isAdmin ? (
        <EventChoice
          eventId={quiz.eventId}
          disabled={save.isPending}
          onChoose={(eventId) => save.mutate({ eventId }, { onError: showError })}
        />
      ) : null}
      <form onSubmit={saveFee}>
        <FormField
          label="Entry fee a team, £ (empty: free)"
          name="quiz-team-fee"
          value={fee}
          onValue={setFee}
          inputMode="decimal"
          error={fee.trim() ? feeError : undefined}
        />
        <IonButton
          type="submit"
          fill="outline"
          disabled={!!feeError || pence === quiz.teamFeePence || save.isPending}
        >
          Save the fee
        </IonButton>
      </form>
      {quiz.teamFeePence > 0 ? (
        <label className="quiz-check">
          <input
            type="checkbox"
            checked={quiz.leaderboardPaidOnly}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ leaderboardPaidOnly: e.target.checked }, { onError: showError })}
          />
          Only teams that have paid are on the leaderboard
        </label>
      ) : null}
    </section>
  );
}

/** The club's events (an admin's list) to tie the quiz to: its public page then says a quiz is on. */
function EventChoice({
  eventId,
  disabled,
  onChoose,
}: {
  eventId: string | null;
  disabled: boolean;
  onChoose: (eventId: string | null) => void;
}) {
  const events = useAdminEvents();
  if (!events.data) return null;
  return (
    <label className="quiz-select">
      The club's event
      <select value={eventId ?? ''} disabled={disabled} onChange={(e) => onChoose(e.target.value || null)}>
        <option value="">None</option>
        {events.data.events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Who has paid the fee: the quizmaster ticks a team off when it pays cash at the bar. */
function TeamPayments({ quizId, view }: { quizId: string; view: QuizAdminView }) {
  const pay = useTeamPayment(quizId);
  const unpaid = view.teams.filter((t) => !t.paidAt).length;
  return (
    <section className="card" data-testid="quiz-payments">
      <h2>
        Entry fees: {formatPence(view.quiz.teamFeePence)} a team · {unpaid} not paid
      </h2>
      {view.teams.length === 0 ? <p>No team has joined yet.</p> : null}
      <ul className="quiz-answer-list">
        {view.teams.map((t) => (
          <li key={t.id} data-paid={t.paidAt ? 'yes' : 'no'}>
            <span>
              <strong>{t.name}</strong>: {t.paidAt ? 'paid in cash' : 'not paid'}
            </span>
            <IonButton
              fill="outline"
              size="small"
              disabled={pay.isPending}
              onClick={() => pay.mutate({ teamId: t.id, paid: !t.paidAt }, { onError: showError })}
            >
              {t.paidAt ? 'Not paid after all' : 'Paid at the bar'}
            </IonButton>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Places two or more teams share once the questions are done, each settled by a nearest-number question. */
function TieBreakForm({ quizId, view }: { quizId: string; view: QuizAdminView }) {
  const tieBreak = useTieBreak(quizId);
  const ranks = view.leaderboard.map((t) => t.rank);
  const shared = [...new Set(ranks.filter((r, i) => ranks.indexOf(r) !== i))];
  const [rank, setRank] = useState(shared[0] ?? 1);
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (shared.length === 0) return null;
  const chosen = shared.includes(rank) ? rank : (shared[0] as number);
  const tied = view.leaderboard.filter((t) => t.rank === chosen).map((t) => t.name);
  const number = Number(answer.replace(/[,\s]/g, ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    tieBreak.mutate(
      { prompt: prompt.trim(), answer: number, rank: chosen },
      {
        onSuccess: () => {
          setPrompt('');
          setAnswer('');
        },
        onError: (e) => (e instanceof HttpError ? setError(e.message) : showError(e)),
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} data-testid="quiz-tie-break" aria-labelledby="tie-break-heading">
      <h2 id="tie-break-heading">Settle a tie</h2>
      {shared.length > 1 ? (
        <label className="quiz-select">
          Place
          <select value={chosen} onChange={(e) => setRank(Number(e.target.value))}>
            {shared.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p>
        {tied.join(', ')} share place {chosen}. Ask a number question: the nearest answer wins the place, and
        nobody's points change.
      </p>
      <FormField label="Question" name="tie-break-prompt" value={prompt} onValue={setPrompt} />
      <FormField
        label="The right number"
        name="tie-break-answer"
        value={answer}
        onValue={setAnswer}
        inputMode="decimal"
        error={error}
      />
      <IonButton
        type="submit"
        disabled={!prompt.trim() || !answer.trim() || !Number.isFinite(number) || tieBreak.isPending}
      >
        Ask the tie-break
      </IonButton>
    </form>
  );
}

/** The question on show: every team's answer, marked once closed, each mark the quizmaster can turn. */
function QuestionAnswers({ quizId, question: q }: { quizId: string; question: QuizQuestionAdmin }) {
  const mark = useMarkAnswer(quizId);
  return (
    <section className="card" data-testid="quiz-answers">
      <h2>
        {q.tieBreak ? `Tie-break (${q.tieBreak.teams.join(', ')})` : `Question ${q.position}`}: {q.prompt}
      </h2>
      <p>
        Answer: <strong>{shownAnswer(q.answer)}</strong>
        {q.answer.includes('|') ? ` (also ${q.answer.split('|').slice(1).join(', ')})` : ''} ·{' '}
        {q.state === 'open' ? 'open' : 'closed'} · {q.answers.length} answers
      </p>
      <ul className="quiz-answer-list">
        {q.answers.map((a) => (
          <li key={a.id} data-correct={String(a.correct)}>
            <span>
              <strong>{a.teamName}</strong>: {a.answer}
              {a.correct === null ? '' : a.correct ? ' ✓' : ' ✗'}
              {a.overridden ? ' (by hand)' : ''}
            </span>
            {q.state === 'closed' ? (
              <IonButton
                fill="outline"
                size="small"
                disabled={mark.isPending}
                onClick={() => mark.mutate({ answerId: a.id, correct: !a.correct }, { onError: showError })}
              >
                {a.correct ? 'Mark wrong' : 'Mark right'}
              </IonButton>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function QuestionList({ view }: { view: QuizAdminView }) {
  return (
    <section className="card">
      <h2>Questions</h2>
      <ol className="quiz-question-list">
        {view.questions.map((q) => (
          <li key={q.id} data-state={q.state}>
            {q.roundTitle}: {q.prompt}{' '}
            <small>
              ({shownAnswer(q.answer)}; {q.state})
            </small>
          </li>
        ))}
      </ol>
    </section>
  );
}
