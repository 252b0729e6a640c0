import type { QuizScreenState } from '@lastman/api';
import { useEffect, useState } from 'react';
import { paths } from '../../app/paths.ts';
import { useScreenQuiz } from './api/quiz-api.ts';
import { Countdown, Leaderboard, shownAnswer } from './countdown.tsx';
import './quiz-screen.css';

/**
 * The club's quiz on the paired TV, when one is running: the join code and QR, then each question
 * large with its countdown, the answer once closed, and the leaderboard between rounds. Null when no
 * quiz is on (the TV shows the game's board).
 */
export function useQuizOnScreen(slug: string, paired: boolean): QuizScreenState | null {
  const quiz = useScreenQuiz(slug, paired);
  return quiz.data?.quiz ? quiz.data : null;
}

export function QuizScreen({ state, clubName }: { state: QuizScreenState; clubName: string }) {
  const quiz = state.quiz;
  if (!quiz) return null;
  const q = state.question;
  const between = q?.state === 'closed' && (q.lastInRound || quiz.status === 'finished');
  return (
    <div
      className="tv-quiz"
      data-testid="tv-quiz"
      data-phase={!q ? 'join' : between ? 'leaderboard' : q.state}
    >
      <header className="tv-quiz-head">
        <h1>{quiz.title}</h1>
        <p>
          {clubName} · {quiz.teamCount} {quiz.teamCount === 1 ? 'team' : 'teams'}
          {q?.tieBreak
            ? ` · Tie-break: ${q.tieBreak.teams.join(' v ')}`
            : q
              ? ` · ${q.roundTitle} · Question ${q.position} of ${q.count}`
              : ''}
        </p>
      </header>
      {!q ? (
        <JoinPanel code={quiz.joinCode} large />
      ) : (
        <main className="tv-quiz-main">
          <section className="tv-quiz-question">
            <h2 className="tv-quiz-prompt" data-testid="tv-quiz-prompt">
              {q.prompt}
            </h2>
            {q.imageUrl ? <img className="tv-quiz-picture" src={q.imageUrl} alt="" /> : null}
            {q.choices ? (
              <ol className="tv-quiz-choices" type="A">
                {q.choices.map((c) => (
                  <li key={c} data-right={q.answer === c ? 'yes' : undefined}>
                    {c}
                  </li>
                ))}
              </ol>
            ) : null}
            {q.state === 'open' ? (
              <div className="tv-quiz-timer">
                <Countdown closesAt={q.closesAt} open />
                <p>{state.answered} answered</p>
              </div>
            ) : q.answer !== null ? (
              <p className="tv-quiz-answer" data-testid="tv-quiz-answer">
                Answer: {shownAnswer(q.answer)}
              </p>
            ) : null}
          </section>
          <aside className="tv-quiz-side">
            {between ? (
              <>
                <h2>{quiz.status === 'finished' ? 'Final scores' : 'Leaderboard'}</h2>
                <Leaderboard teams={state.leaderboard.slice(0, 10)} />
              </>
            ) : (
              <JoinPanel code={quiz.joinCode} />
            )}
          </aside>
        </main>
      )}
    </div>
  );
}

/** The join code and a QR of the team page's link with the code in it. */
function JoinPanel({ code, large = false }: { code: string; large?: boolean }) {
  const url = `${window.location.origin}${paths.quiz}?code=${code}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section
      className={large ? 'tv-quiz-join tv-quiz-join-large' : 'tv-quiz-join'}
      data-testid="tv-quiz-join"
    >
      {/* Our own SVG, made by the qrcode package from the quiz's link. */}
      <div
        className="tv-quiz-qr"
        role="img"
        aria-label="QR code to join the quiz"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally, not user input
        dangerouslySetInnerHTML={{ __html: svg ?? '' }}
      />
      <div>
        <p>Join on your phone: scan, or go to {url.replace(/^https?:\/\//, '').replace(/\?.*$/, '')}</p>
        <p className="tv-quiz-code" data-testid="tv-quiz-code">
          {code}
        </p>
      </div>
    </section>
  );
}
