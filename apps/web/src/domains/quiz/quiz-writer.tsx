import { IonButton } from '@ionic/react';
import type { QuizInput, QuizKind } from '@lastman/api';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { FormField } from '../../ui/form-field.tsx';
import { uploadQuizImage, useCreateQuiz } from './api/quiz-api.ts';

interface DraftQuestion {
  key: number;
  prompt: string;
  kind: QuizKind;
  /** A choice question's choices, one a line. */
  choices: string;
  answer: string;
  closest: boolean;
  points: string;
  seconds: string;
  imageKey: string;
  imageUrl: string;
}
interface DraftRound {
  key: number;
  title: string;
  questions: DraftQuestion[];
}

let keys = 0;
const blankQuestion = (): DraftQuestion => ({
  key: ++keys,
  prompt: '',
  kind: 'text',
  choices: '',
  answer: '',
  closest: false,
  points: '1',
  seconds: '60',
  imageKey: '',
  imageUrl: '',
});
const blankRound = (n: number): DraftRound => ({
  key: ++keys,
  title: `Round ${n}`,
  questions: [blankQuestion()],
});

const KINDS: { kind: QuizKind; label: string }[] = [
  { kind: 'text', label: 'Word or phrase' },
  { kind: 'choice', label: 'Multiple choice' },
  { kind: 'number', label: 'Number' },
  { kind: 'picture', label: 'Picture' },
];

function toInput(title: string, rounds: DraftRound[]): QuizInput {
  return {
    title: title.trim(),
    rounds: rounds.map((r) => ({
      title: r.title.trim(),
      questions: r.questions.map((q) => ({
        prompt: q.prompt.trim(),
        kind: q.kind,
        answer: q.answer.trim(),
        ...(q.kind === 'choice' && {
          choices: q.choices
            .split('\n')
            .map((c) => c.trim())
            .filter(Boolean),
        }),
        ...(q.kind === 'number' && { numberMode: q.closest ? ('closest' as const) : ('exact' as const) }),
        ...(q.kind === 'picture' && q.imageKey && { imageKey: q.imageKey }),
        points: Number(q.points) || 0,
        seconds: Number(q.seconds) || 60,
      })),
    })),
  };
}

/** Write a quiz: its rounds and their questions (a word, a choice, a number, a picture). */
export function QuizWriter({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateQuiz();
  const [title, setTitle] = useState('');
  const [rounds, setRounds] = useState<DraftRound[]>(() => [blankRound(1)]);
  const [error, setError] = useState<string | undefined>();
  const patchRound = (key: number, change: Partial<DraftRound>) =>
    setRounds((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const patchQuestion = (round: DraftRound, key: number, change: Partial<DraftQuestion>) =>
    patchRound(round.key, {
      questions: round.questions.map((q) => (q.key === key ? { ...q, ...change } : q)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(toInput(title, rounds), {
      onSuccess: ({ quiz }) => {
        showToast(`${quiz.title} is written: its code is ${quiz.joinCode}.`);
        onCreated(quiz.id);
      },
      onError: (e) => (e instanceof HttpError ? setError(e.message) : showError(e)),
    });
  };

  return (
    <form className="card quiz-writer" onSubmit={submit} aria-labelledby="quiz-writer-heading">
      <h2 id="quiz-writer-heading">Write a quiz</h2>
      <FormField
        label="Title"
        name="quiz-title"
        value={title}
        onValue={setTitle}
        helper="Thursday quiz night"
      />
      {rounds.map((round, r) => (
        <fieldset key={round.key} className="quiz-round" data-testid="quiz-round">
          <legend>Round {r + 1}</legend>
          <FormField
            label="Round title"
            name={`round-${r}`}
            value={round.title}
            onValue={(v) => patchRound(round.key, { title: v })}
          />
          {round.questions.map((q, i) => (
            <QuestionFields
              key={q.key}
              q={q}
              at={`${r}-${i}`}
              n={i + 1}
              patch={(change) => patchQuestion(round, q.key, change)}
              remove={
                round.questions.length > 1
                  ? () => patchRound(round.key, { questions: round.questions.filter((x) => x.key !== q.key) })
                  : null
              }
            />
          ))}
          <IonButton
            fill="outline"
            onClick={() => patchRound(round.key, { questions: [...round.questions, blankQuestion()] })}
          >
            Add a question
          </IonButton>
        </fieldset>
      ))}
      <IonButton fill="outline" onClick={() => setRounds((list) => [...list, blankRound(list.length + 1)])}>
        Add a round
      </IonButton>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <IonButton type="submit" expand="block" disabled={!title.trim() || create.isPending}>
        Save quiz
      </IonButton>
    </form>
  );
}

/** One question of the draft: its prompt, kind, choices or picture, answer, points and seconds. */
function QuestionFields({
  q,
  at,
  n,
  patch,
  remove,
}: {
  q: DraftQuestion;
  at: string;
  n: number;
  patch: (change: Partial<DraftQuestion>) => void;
  remove: (() => void) | null;
}) {
  return (
    <div className="quiz-draft-question" data-testid="quiz-draft-question">
      <h3>Question {n}</h3>
      <FormField
        label="Question"
        name={`prompt-${at}`}
        value={q.prompt}
        onValue={(v) => patch({ prompt: v })}
      />
      <label className="quiz-select">
        Kind
        <select
          name={`kind-${at}`}
          value={q.kind}
          onChange={(e) => patch({ kind: e.target.value as QuizKind })}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {q.kind === 'choice' ? (
        <FormField
          label="Choices, one a line"
          name={`choices-${at}`}
          rows={4}
          value={q.choices}
          onValue={(v) => patch({ choices: v })}
        />
      ) : null}
      {q.kind === 'picture' ? (
        <PicturePicker url={q.imageUrl} onStored={(imageKey, imageUrl) => patch({ imageKey, imageUrl })} />
      ) : null}
      <FormField
        label="Answer"
        name={`answer-${at}`}
        value={q.answer}
        onValue={(v) => patch({ answer: v })}
        helper={
          q.kind === 'choice'
            ? 'One of the choices, as written'
            : q.kind === 'number'
              ? 'A number'
              : 'Alternatives with |, as Beatles|The Beatles'
        }
      />
      {q.kind === 'number' ? (
        <label className="quiz-check">
          <input type="checkbox" checked={q.closest} onChange={(e) => patch({ closest: e.target.checked })} />
          Closest answer wins (a tie-breaker)
        </label>
      ) : null}
      <div className="quiz-pair">
        <FormField
          label="Points"
          name={`points-${at}`}
          inputMode="numeric"
          value={q.points}
          onValue={(v) => patch({ points: v })}
        />
        <FormField
          label="Seconds"
          name={`seconds-${at}`}
          inputMode="numeric"
          value={q.seconds}
          onValue={(v) => patch({ seconds: v })}
        />
      </div>
      {remove ? (
        <IonButton fill="clear" color="danger" onClick={remove}>
          Remove question
        </IonButton>
      ) : null}
    </div>
  );
}

function PicturePicker({ url, onStored }: { url: string; onStored: (key: string, url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadQuizImage(file);
      onStored(stored.imageKey, stored.url);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="quiz-picture-picker">
      <label className="quiz-select">
        Picture (its details, such as where it was taken, are removed)
        <input
          type="file"
          accept="image/*"
          disabled={busy}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {url ? <img className="quiz-picture" src={url} alt="Chosen for this question" /> : null}
    </div>
  );
}
