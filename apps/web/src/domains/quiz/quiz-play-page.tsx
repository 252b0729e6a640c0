import { IonButton, IonContent } from '@ionic/react';
import type { QuizQuestionPublic, QuizTeamState } from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { HttpError } from '../../lib/http.ts';
import { showError } from '../../lib/toast.ts';
import { FormField } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useJoinQuiz, useSendAnswer, useTeamState } from './api/quiz-api.ts';
import { Countdown, Leaderboard, shownAnswer, useSecondsLeft } from './countdown.tsx';
import './quiz.css';

/** The quiz this phone's team plays (its cookie is the team; this only says which quiz to ask about). */
const QUIZ_ID_KEY = 'lastman-quiz-id';

/** `/quiz?code=`: a team's phone joins by the code on the TV, then answers each question. */
export function QuizPlayPage() {
  const search = new URLSearchParams(useLocation().search);
  const [quizId, setQuizId] = useState(() => localStorage.getItem(QUIZ_ID_KEY) ?? '');
  const state = useTeamState(quizId);
  const noTeam = state.error instanceof HttpError && [401, 403, 404].includes(state.error.status);
  const joined = (id: string) => {
    localStorage.setItem(QUIZ_ID_KEY, id);
    setQuizId(id);
  };
  return (
    <>
      <PageHeader title={state.data?.quiz.title ?? 'Quiz night'} />
      <IonContent className="ion-padding">
        <div className="page-narrow quiz-play">
          {!quizId || noTeam ? (
            <JoinForm initialCode={search.get('code') ?? ''} onJoined={joined} />
          ) : !state.data ? (
            <InlineLoading />
          ) : (
            <TeamScreen state={state.data} />
          )}
        </div>
      </IonContent>
    </>
  );
}

function JoinForm({ initialCode, onJoined }: { initialCode: string; onJoined: (id: string) => void }) {
  const join = useJoinQuiz();
  const [code, setCode] = useState(initialCode);
  const [teamName, setTeamName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    join.mutate(
      { code: code.trim(), teamName: teamName.trim() },
      {
        onSuccess: (res) => onJoined(res.quiz.id),
        onError: (e) => (e instanceof HttpError ? setError(e.message) : showError(e)),
      },
    );
  };
  return (
    <form className="card quiz-join" onSubmit={submit}>
      <h2>Join the quiz</h2>
      <p>Type the code on the pub's TV and your team's name. No account needed.</p>
      <FormField label="Code" name="quiz-code" value={code} onValue={setCode} autoComplete="off" />
      <FormField label="Team name" name="team-name" value={teamName} onValue={setTeamName} error={error} />
      <IonButton type="submit" expand="block" disabled={!code.trim() || !teamName.trim() || join.isPending}>
        Join
      </IonButton>
    </form>
  );
}

function TeamScreen({ state }: { state: QuizTeamState }) {
  const q = state.question;
  return (
    <div data-testid="quiz-team" data-team={state.team.name}>
      <p className="quiz-team-name">
        Playing as <strong>{state.team.name}</strong>
      </p>
      {state.team.paid ? null : (
        <p className="quiz-fee" data-testid="quiz-fee">
          Entry is {formatPence(state.quiz.teamFeePence)} a team: pay at the bar.
        </p>
      )}
      {state.quiz.status === 'finished' && q?.state === 'closed' ? (
        <h2>The quiz is over: thank you!</h2>
      ) : null}
      {q ? (
        <QuestionCard
          key={q.id}
          quizId={state.quiz.id}
          teamName={state.team.name}
          question={q}
          yourAnswer={state.yourAnswer}
        />
      ) : (
        <p className="quiz-wait" data-testid="quiz-wait">
          Get ready: the first question is on its way.
        </p>
      )}
      {!q || (q.state === 'closed' && (q.lastInRound || state.quiz.status === 'finished')) ? (
        <section className="card">
          <h2>Leaderboard</h2>
          <Leaderboard teams={state.leaderboard} />
        </section>
      ) : null}
    </div>
  );
}

function QuestionCard({
  quizId,
  teamName,
  question: q,
  yourAnswer,
}: {
  quizId: string;
  teamName: string;
  question: QuizQuestionPublic;
  yourAnswer: QuizTeamState['yourAnswer'];
}) {
  const send = useSendAnswer(quizId);
  const onlooker = q.tieBreak !== null && !q.tieBreak.teams.includes(teamName);
  const open = q.state === 'open';
  const timeUp = useSecondsLeft(q.closesAt, open) === 0;
  const [typed, setTyped] = useState(yourAnswer?.answer ?? '');
  // The answer given survives a reload: the server's copy fills the box when none is being typed.
  useEffect(() => {
    if (yourAnswer?.answer) setTyped((t) => (t === '' ? yourAnswer.answer : t));
  }, [yourAnswer?.answer]);
  const answer = (value: string) => send.mutate({ questionId: q.id, answer: value }, { onError: showError });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) answer(typed.trim());
  };
  return (
    <section className="card quiz-question" data-testid="quiz-question" data-state={q.state}>
      <p className="quiz-meta">
        {q.tieBreak
          ? `Tie-break: ${q.tieBreak.teams.join(' v ')} · nearest wins`
          : `${q.roundTitle} · Question ${q.position} of ${q.count} · ${q.points} ${q.points === 1 ? 'point' : 'points'}`}
      </p>
      <h2 className="quiz-prompt">{q.prompt}</h2>
      {q.imageUrl ? (
        <img className="quiz-picture" src={q.imageUrl} alt="What this question asks about" />
      ) : null}
      <Countdown closesAt={q.closesAt} open={open} />
      {onlooker ? (
        <p className="quiz-given">Only the tied teams answer this one.</p>
      ) : open && !timeUp ? (
        q.kind === 'choice' ? (
          <div className="quiz-choices">
            {(q.choices ?? []).map((c) => (
              <IonButton
                key={c}
                expand="block"
                fill={yourAnswer?.answer === c ? 'solid' : 'outline'}
                aria-pressed={yourAnswer?.answer === c}
                disabled={send.isPending}
                onClick={() => answer(c)}
              >
                {c}
              </IonButton>
            ))}
          </div>
        ) : (
          <form onSubmit={submit}>
            <FormField
              label="Your answer"
              name="quiz-answer"
              value={typed}
              onValue={setTyped}
              autoComplete="off"
              inputMode={q.kind === 'number' ? 'decimal' : 'text'}
            />
            <IonButton type="submit" expand="block" disabled={!typed.trim() || send.isPending}>
              {yourAnswer ? 'Change answer' : 'Send answer'}
            </IonButton>
          </form>
        )
      ) : null}
      {yourAnswer ? (
        <p className="quiz-given" data-testid="quiz-given">
          Your answer: <strong>{yourAnswer.answer}</strong>
          {yourAnswer.correct === true ? ' ✓ right' : yourAnswer.correct === false ? ' ✗ wrong' : ''}
        </p>
      ) : open || onlooker ? null : (
        <p className="quiz-given">Your team did not answer.</p>
      )}
      {q.answer !== null ? (
        <p className="quiz-answer" data-testid="quiz-answer">
          The answer: <strong>{shownAnswer(q.answer)}</strong>
        </p>
      ) : null}
    </section>
  );
}
