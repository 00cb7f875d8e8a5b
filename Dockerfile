# The app on CPU, in public mode (MTP_VIZ_PUBLIC=1: bundled miniatures only, unless -e MTP_VIZ_MODELS=...):
#   docker build -t mtp-viz . && docker run -p 7860:7860 mtp-viz   (then open http://localhost:7860)
FROM python:3.12-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    GRADIO_SERVER_NAME=0.0.0.0 \
    GRADIO_SERVER_PORT=7860 \
    GRADIO_ANALYTICS_ENABLED=False \
    TOKENIZERS_PARALLELISM=false \
    OMP_WAIT_POLICY=PASSIVE \
    MTP_VIZ_PUBLIC=1 \
    HF_HOME=/home/user/.cache/huggingface

RUN useradd --create-home --uid 1000 user
WORKDIR /home/user/app

# requirements.txt names the CPU torch index, so the CUDA build is never pulled; test tools are not in it
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY --chown=user:user . .
RUN mkdir -p /home/user/.cache/huggingface && chown -R user:user /home/user/.cache
USER user
EXPOSE 7860
CMD ["python", "app.py"]
